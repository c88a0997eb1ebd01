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

/* R name(A) for double, and R namef(A) for float */
#define __BC_M1(name) __BC_D double name(double) noexcept; __BC_D float name##f(float) noexcept;
#define __BC_M2(name)                                                                             \
  __BC_D double name(double, double) noexcept; __BC_D float name##f(float, float) noexcept;

extern "C" {
__BC_M1(acos) __BC_M1(acosh) __BC_M1(asin) __BC_M1(asinh) __BC_M1(atan) __BC_M1(atanh)
__BC_M1(cbrt) __BC_M1(ceil) __BC_M1(cos) __BC_M1(cosh) __BC_M1(cospi) __BC_M1(cyl_bessel_i0)
__BC_M1(cyl_bessel_i1) __BC_M1(erf) __BC_M1(erfc) __BC_M1(erfcinv) __BC_M1(erfcx) __BC_M1(erfinv)
__BC_M1(exp) __BC_M1(exp10) __BC_M1(exp2) __BC_M1(expm1) __BC_M1(fabs) __BC_M1(floor) __BC_M1(j0)
__BC_M1(j1) __BC_M1(lgamma) __BC_M1(log) __BC_M1(log10) __BC_M1(log1p) __BC_M1(log2) __BC_M1(logb)
__BC_M1(nearbyint) __BC_M1(normcdf) __BC_M1(normcdfinv) __BC_M1(rcbrt) __BC_M1(rint) __BC_M1(round)
__BC_M1(rsqrt) __BC_M1(sin) __BC_M1(sinh) __BC_M1(sinpi) __BC_M1(sqrt) __BC_M1(tan) __BC_M1(tanh)
__BC_M1(tgamma) __BC_M1(trunc) __BC_M1(y0) __BC_M1(y1)
__BC_M2(atan2) __BC_M2(copysign) __BC_M2(fdim) __BC_M2(fmax) __BC_M2(fmin) __BC_M2(fmod)
__BC_M2(hypot) __BC_M2(nextafter) __BC_M2(pow) __BC_M2(remainder) __BC_M2(rhypot)

__BC_D double fma(double, double, double) noexcept;
__BC_D float fmaf(float, float, float) noexcept;
__BC_D double frexp(double, int*) noexcept;
__BC_D float frexpf(float, int*) noexcept;
__BC_D double ldexp(double, int) noexcept;
__BC_D float ldexpf(float, int) noexcept;
__BC_D double modf(double, double*) noexcept;
__BC_D float modff(float, float*) noexcept;
__BC_D double remquo(double, double, int*) noexcept;
__BC_D float remquof(float, float, int*) noexcept;
__BC_D double scalbn(double, int) noexcept;
__BC_D float scalbnf(float, int) noexcept;
__BC_D double scalbln(double, long int) noexcept;
__BC_D float scalblnf(float, long int) noexcept;
__BC_D int ilogb(double) noexcept;
__BC_D int ilogbf(float) noexcept;
__BC_D long int lrint(double) noexcept;
__BC_D long int lrintf(float) noexcept;
__BC_D long long int llrint(double) noexcept;
__BC_D long long int llrintf(float) noexcept;
__BC_D long int lround(double) noexcept;
__BC_D long int lroundf(float) noexcept;
__BC_D long long int llround(double) noexcept;
__BC_D long long int llroundf(float) noexcept;
__BC_D double jn(int, double) noexcept;
__BC_D float jnf(int, float) noexcept;
__BC_D double yn(int, double) noexcept;
__BC_D float ynf(int, float) noexcept;
__BC_D double nan(const char*) noexcept;
__BC_D float nanf(const char*) noexcept;
__BC_D void sincos(double, double*, double*) noexcept;
__BC_D void sincosf(float, float*, float*) noexcept;
__BC_D void sincospi(double, double*, double*) noexcept;
__BC_D void sincospif(float, float*, float*) noexcept;
__BC_D double norm3d(double, double, double) noexcept;
__BC_D float norm3df(float, float, float) noexcept;
__BC_D double rnorm3d(double, double, double) noexcept;
__BC_D float rnorm3df(float, float, float) noexcept;
__BC_D double norm4d(double, double, double, double) noexcept;
__BC_D float norm4df(float, float, float, float) noexcept;
__BC_D double rnorm4d(double, double, double, double) noexcept;
__BC_D float rnorm4df(float, float, float, float) noexcept;
__BC_D double norm(int, const double*) noexcept;
__BC_D float normf(int, const float*) noexcept;
__BC_D double rnorm(int, const double*) noexcept;
__BC_D float rnormf(int, const float*) noexcept;
__BC_D int abs(int) noexcept;
__BC_D long int labs(long int) noexcept;
__BC_D long long int llabs(long long int) noexcept;
__BC_D int __signbitd(double) noexcept;
__BC_D int __signbitf(float) noexcept;
__BC_D int __isnand(double) noexcept;
__BC_D int __isnanf(float) noexcept;
__BC_D int __isinfd(double) noexcept;
__BC_D int __isinff(float) noexcept;
__BC_D int __finite(double) noexcept;
__BC_D int __finitef(float) noexcept;
} /* extern "C" */
#undef __BC_M1
#undef __BC_M2

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

#endif /* __BANKCHECK_MATH_FUNCTIONS_H */
