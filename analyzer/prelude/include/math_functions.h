/* bankcheck CUDA prelude: shadow of <math_functions.h>. Device math functions (deprecated name; nvcc includes them implicitly).
 * Everything it declares is already in the force-included __bankcheck_prelude.h. */
#include "__bankcheck_prelude.h"
