/* bankcheck CUDA prelude: shadow of <sm_60_atomic_functions.h>.
 * Scoped atomics.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
