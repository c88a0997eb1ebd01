/* bankcheck CUDA prelude: shadow of <sm_20_intrinsics.h>.
 * __syncthreads_count, __cvta_generic_to_shared ...
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
