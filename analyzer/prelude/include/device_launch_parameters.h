/* bankcheck CUDA prelude: shadow of <device_launch_parameters.h>.
 * threadIdx, blockIdx, blockDim, gridDim, warpSize.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
