/* bankcheck CUDA prelude: shadow of <driver_types.h>.
 * cudaError_t, cudaDeviceProp, cudaStream_t ...
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
