/* bankcheck CUDA prelude: shadow of <vector_types.h>. char1 ... double4, dim3.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
