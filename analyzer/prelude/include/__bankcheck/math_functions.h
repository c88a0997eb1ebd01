/* bankcheck CUDA prelude: device math functions (CUDA's crt/math_functions.h).
 *
 * nvcc declares these __host__ __device__; Clang cannot redeclare glibc's host functions that
 * way, so they are declared __device__ only, with C linkage for the C names and C++ linkage for
 * the float/integer overloads. When the user later includes <cmath>/<math.h>/<cstdlib>, glibc's
 * and libstdc++'s host declarations become separate overloads (Clang overloads on the execution
 * space), so device code keeps calling these and host code calls the library. Nothing here
 * includes a standard header. */
#ifndef __BANKCHECK_MATH_FUNCTIONS_H
#define __BANKCHECK_MATH_FUNCTIONS_H

#include "config.h"

/* The C names, once for the device and once for the host (nvcc declares them __host__ __device__;
 * on the host they are what glibc declares, so glibc's declarations redeclare them). */
extern "C" {
#define __BC_MS __BC_D
#include "math_c_list.h"
#undef __BC_MS
#define __BC_MS __BC_H
#include "math_c_list.h"
#undef __BC_MS
} /* extern "C" */

/* C++ overloads for float (and the integer abs), as CUDA's math_functions.hpp provides them in the
 * global namespace. */
#define __BC_F1(name) __BC_D float name(float) noexcept;
#define __BC_F2(name) __BC_D float name(float, float) noexcept;
__BC_F1(acos) __BC_F1(acosh) __BC_F1(asin) __BC_F1(asinh) __BC_F1(atan) __BC_F1(atanh) __BC_F1(cbrt)
__BC_F1(ceil) __BC_F1(cos) __BC_F1(cosh) __BC_F1(cospi) __BC_F1(erf) __BC_F1(erfc) __BC_F1(erfcinv)
__BC_F1(erfcx) __BC_F1(erfinv) __BC_F1(exp) __BC_F1(exp10) __BC_F1(exp2) __BC_F1(expm1) __BC_F1(fabs)
__BC_F1(floor) __BC_F1(lgamma) __BC_F1(log) __BC_F1(log10) __BC_F1(log1p) __BC_F1(log2) __BC_F1(logb)
__BC_F1(nearbyint) __BC_F1(normcdf) __BC_F1(normcdfinv) __BC_F1(rcbrt) __BC_F1(rint) __BC_F1(round)
__BC_F1(rsqrt) __BC_F1(sin) __BC_F1(sinh) __BC_F1(sinpi) __BC_F1(sqrt) __BC_F1(tan) __BC_F1(tanh)
__BC_F1(tgamma) __BC_F1(trunc) __BC_F1(abs)
__BC_F2(atan2) __BC_F2(copysign) __BC_F2(fdim) __BC_F2(fmax) __BC_F2(fmin) __BC_F2(fmod)
__BC_F2(hypot) __BC_F2(nextafter) __BC_F2(pow) __BC_F2(remainder) __BC_F2(rhypot)
#undef __BC_F1

/* Mixed argument types (`pow(double, float)`, `fmax(x, 0)`): nvcc's implicit <cmath> gives
 * libstdc++'s templates that promote both arguments (integers to double) and call the overload of
 * that type; without them the call is ambiguous between the float and the double overloads.
 * Chosen only where no overload matches exactly (a non-template wins a tie). */
template <class __T> struct __bc_math_arg {};
template <> struct __bc_math_arg<float> { typedef float type; };
template <> struct __bc_math_arg<double> { typedef double type; };
template <> struct __bc_math_arg<bool> { typedef double type; };
template <> struct __bc_math_arg<char> { typedef double type; };
template <> struct __bc_math_arg<signed char> { typedef double type; };
template <> struct __bc_math_arg<unsigned char> { typedef double type; };
template <> struct __bc_math_arg<short> { typedef double type; };
template <> struct __bc_math_arg<unsigned short> { typedef double type; };
template <> struct __bc_math_arg<int> { typedef double type; };
template <> struct __bc_math_arg<unsigned int> { typedef double type; };
template <> struct __bc_math_arg<long> { typedef double type; };
template <> struct __bc_math_arg<unsigned long> { typedef double type; };
template <> struct __bc_math_arg<long long> { typedef double type; };
template <> struct __bc_math_arg<unsigned long long> { typedef double type; };
/* The promoted type is spelled in the return type, so that a type without one (long double, a
 * class) removes the template from the overload set instead of failing. */
#define __BC_T2(name)                                                                                      \
  template <class __T, class __U>                                                                         \
  __BC_D auto name(__T __x, __U __y) noexcept                                                             \
      -> decltype(typename __bc_math_arg<__T>::type() + typename __bc_math_arg<__U>::type()) {             \
    typedef decltype(typename __bc_math_arg<__T>::type() + typename __bc_math_arg<__U>::type()) __R;      \
    return name(static_cast<__R>(__x), static_cast<__R>(__y));                                           \
  }
__BC_T2(atan2) __BC_T2(copysign) __BC_T2(fdim) __BC_T2(fmax) __BC_T2(fmin) __BC_T2(fmod)
__BC_T2(hypot) __BC_T2(nextafter) __BC_T2(pow) __BC_T2(remainder)
#undef __BC_T2
#undef __BC_F2
__BC_D float fma(float, float, float) noexcept;
__BC_D float frexp(float, int*) noexcept;
__BC_D float ldexp(float, int) noexcept;
__BC_D float modf(float, float*) noexcept;
__BC_D float remquo(float, float, int*) noexcept;
__BC_D float scalbn(float, int) noexcept;
__BC_D float scalbln(float, long int) noexcept;
__BC_D int ilogb(float) noexcept;
__BC_D long int lrint(float) noexcept;
__BC_D long long int llrint(float) noexcept;
__BC_D long int lround(float) noexcept;
__BC_D long long int llround(float) noexcept;
__BC_D void sincos(float, float*, float*) noexcept;
__BC_D void sincospi(float, float*, float*) noexcept;
__BC_D float pow(float, int) noexcept;
__BC_D double pow(double, int) noexcept;
__BC_D double abs(double) noexcept;
__BC_D long int abs(long int) noexcept;
__BC_D long long int abs(long long int) noexcept;
__BC_D bool signbit(float) noexcept;
__BC_D bool signbit(double) noexcept;
__BC_D bool isnan(float) noexcept;
__BC_D bool isnan(double) noexcept;
__BC_D bool isinf(float) noexcept;
__BC_D bool isinf(double) noexcept;
__BC_D bool isfinite(float) noexcept;
__BC_D bool isfinite(double) noexcept;
/* Host copies of the classification overloads: libstdc++'s constexpr std:: ones, which <math.h>
 * brings into the global namespace, are __host__ __device__ in Clang, so they overload these. */
__BC_H bool signbit(float) noexcept;
__BC_H bool signbit(double) noexcept;
__BC_H bool isnan(float) noexcept;
__BC_H bool isnan(double) noexcept;
__BC_H bool isinf(float) noexcept;
__BC_H bool isinf(double) noexcept;
__BC_H bool isfinite(float) noexcept;
__BC_H bool isfinite(double) noexcept;

#endif /* __BANKCHECK_MATH_FUNCTIONS_H */
