/* bankcheck CUDA prelude: shadow of <sm_61_intrinsics.h>. __dp4a, __dp2a.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
