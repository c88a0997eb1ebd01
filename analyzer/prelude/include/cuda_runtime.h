/* bankcheck CUDA prelude: shadow of <cuda_runtime.h>. nvcc includes it implicitly.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
