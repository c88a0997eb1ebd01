/* bankcheck CUDA prelude: shadow of <sm_35_intrinsics.h>.
 * Same as sm_32.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
