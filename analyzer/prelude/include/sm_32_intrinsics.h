/* bankcheck CUDA prelude: shadow of <sm_32_intrinsics.h>.
 * __ldg and the cache-hinted loads/stores, funnel shifts.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
