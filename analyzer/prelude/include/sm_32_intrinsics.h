/* bankcheck CUDA prelude: shadow of <sm_32_intrinsics.h>. __ldg and the cache-hinted loads/stores, funnel shifts.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
