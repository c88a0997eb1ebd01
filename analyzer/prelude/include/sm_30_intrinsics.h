/* bankcheck CUDA prelude: shadow of <sm_30_intrinsics.h>. Warp shuffles and votes.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
