/* bankcheck CUDA prelude: the std:: math names nvcc's implicit cuda_runtime.h gives device code.
 *
 * nvcc's cuda_runtime.h includes <cmath> and <cstdlib>, so a kernel may call std::sqrt,
 * std::isinf or std::abs with nothing included (LeetCUDA's merge_attn_states does); the prelude
 * does not include <cmath> (it costs more than seven times the whole prelude, docs/prelude.md),
 * so it names them here, in a way the libstdc++ headers included later redeclare cleanly:
 * - the math functions are using-declarations of the prelude's own (::sqrt(double), the
 *   __device__ ::sqrt(float) ...), as <cmath> itself writes `using ::sqrt;`; its later constexpr
 *   std::sqrt(float) overloads the __device__ one by execution space (Clang: a constexpr function
 *   with a __device__ twin in a system header stays __host__);
 * - the classification functions are __device__ templates for floating-point types: a
 *   non-template isinf(float) that <cmath> defines later is a different function (and preferred),
 *   and <math.h>'s `using std::isinf;` into the global namespace meets no declaration of the same
 *   signature there (a non-template declaration would conflict with one of them).
 * Declarations only, after <type_traits>. tests/prelude/corpus/std_math_without_cmath.cu. */
#ifndef __BANKCHECK_STD_MATH_H
#define __BANKCHECK_STD_MATH_H

#include "config.h"

namespace std {
 using ::acos; using ::acosh; using ::asin; using ::asinh; using ::atan; using ::atan2; using ::atanh;
 using ::cbrt; using ::ceil; using ::copysign; using ::cos; using ::cosh; using ::erf; using ::erfc;
 using ::exp; using ::exp2; using ::expm1; using ::fabs; using ::fdim; using ::floor; using ::fma;
 using ::fmax; using ::fmin; using ::fmod; using ::frexp; using ::hypot; using ::ilogb; using ::ldexp;
 using ::lgamma; using ::llrint; using ::llround; using ::log; using ::log10; using ::log1p;
 using ::log2; using ::logb; using ::lrint; using ::lround; using ::modf; using ::nearbyint;
 using ::nextafter; using ::pow; using ::remainder; using ::remquo; using ::rint; using ::round;
 using ::scalbln; using ::scalbn; using ::sin; using ::sinh; using ::sqrt; using ::tan; using ::tanh;
 using ::tgamma; using ::trunc; using ::abs;
template <typename __T, typename = typename enable_if<is_floating_point<__T>::value>::type> __BC_D bool isinf(__T) noexcept;
template <typename __T, typename = typename enable_if<is_floating_point<__T>::value>::type> __BC_D bool isnan(__T) noexcept;
template <typename __T, typename = typename enable_if<is_floating_point<__T>::value>::type> __BC_D bool isfinite(__T) noexcept;
template <typename __T, typename = typename enable_if<is_floating_point<__T>::value>::type> __BC_D bool signbit(__T) noexcept;
}  // namespace std

#endif /* __BANKCHECK_STD_MATH_H */
