/* bankcheck CUDA prelude: shadow of <builtin_types.h>. Vector and driver types.
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
