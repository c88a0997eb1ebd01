/* bankcheck CUDA prelude: shadow of <cuda_runtime.h>.
 * CUDA runtime: qualifiers, vector types, built-in variables, intrinsics, host runtime API.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
