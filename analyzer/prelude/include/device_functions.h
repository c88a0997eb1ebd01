/* bankcheck CUDA prelude: shadow of <device_functions.h>.
 * Device intrinsics.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
