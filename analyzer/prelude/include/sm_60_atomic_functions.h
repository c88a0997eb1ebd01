/* bankcheck CUDA prelude: shadow of <sm_60_atomic_functions.h>. Scoped atomics.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
