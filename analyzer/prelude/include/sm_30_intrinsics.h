/* bankcheck CUDA prelude: shadow of <sm_30_intrinsics.h>.
 * Warp shuffles and votes.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
