/* bankcheck CUDA prelude: shadow of <cuda_runtime_api.h>. The host runtime API.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
