/* bankcheck CUDA prelude: shadow of <device_atomic_functions.h>.
 * Atomics.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
