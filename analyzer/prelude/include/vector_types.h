/* bankcheck CUDA prelude: shadow of <vector_types.h>.
 * char1 ... double4, dim3.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
