/* bankcheck CUDA prelude: shadow of <vector_functions.h>. make_int2 ... make_double4.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
