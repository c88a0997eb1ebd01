/* bankcheck CUDA prelude: shadow of <device_launch_parameters.h>. threadIdx, blockIdx, blockDim, gridDim, warpSize.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
