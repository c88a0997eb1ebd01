/* bankcheck CUDA prelude: shadow of <math_functions.h>.
 * Device math functions (a deprecated name for them).
 * It is all in the force-included __bankcheck_prelude.h, as nvcc includes it implicitly. */
#include "__bankcheck_prelude.h"
