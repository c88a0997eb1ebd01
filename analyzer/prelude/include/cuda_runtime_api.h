/* bankcheck CUDA prelude: shadow of <cuda_runtime_api.h>.
 * The host runtime API.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
