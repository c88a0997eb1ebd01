/* bankcheck CUDA prelude: shadow of <sm_61_intrinsics.h>.
 * __dp4a, __dp2a.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
