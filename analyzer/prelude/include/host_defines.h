/* bankcheck CUDA prelude: shadow of <host_defines.h>. __host__, __device__ ... qualifiers.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
