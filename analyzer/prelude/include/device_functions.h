/* bankcheck CUDA prelude: shadow of <device_functions.h>. Device intrinsics.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
