/* bankcheck CUDA prelude: shadow of <sm_35_intrinsics.h>. Same as sm_32.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
