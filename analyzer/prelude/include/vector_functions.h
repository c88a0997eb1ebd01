/* bankcheck CUDA prelude: shadow of <vector_functions.h>.
 * make_int2 ... make_double4.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
