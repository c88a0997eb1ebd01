/* bankcheck CUDA prelude: shadow of <builtin_types.h>.
 * Vector and driver types.
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
