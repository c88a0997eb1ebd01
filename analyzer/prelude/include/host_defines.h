/* bankcheck CUDA prelude: shadow of <host_defines.h>.
 * __host__, __device__ ... qualifiers.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
