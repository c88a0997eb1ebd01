/* bankcheck CUDA prelude: the C-linkage CUDA math library, included twice by math_functions.h
 * with __BC_MS defined as the execution space (__device__, then __host__). No include guard. */
/* R name(A) for double, and R namef(A) for float */
#define __BC_M1(name) __BC_MS double name(double) noexcept; __BC_MS float name##f(float) noexcept;
#define __BC_M2(name)                                                                             \
  __BC_MS double name(double, double) noexcept; __BC_MS float name##f(float, float) noexcept;

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

__BC_MS double fma(double, double, double) noexcept;
__BC_MS float fmaf(float, float, float) noexcept;
__BC_MS double frexp(double, int*) noexcept;
__BC_MS float frexpf(float, int*) noexcept;
__BC_MS double ldexp(double, int) noexcept;
__BC_MS float ldexpf(float, int) noexcept;
__BC_MS double modf(double, double*) noexcept;
__BC_MS float modff(float, float*) noexcept;
__BC_MS double remquo(double, double, int*) noexcept;
__BC_MS float remquof(float, float, int*) noexcept;
__BC_MS double scalbn(double, int) noexcept;
__BC_MS float scalbnf(float, int) noexcept;
__BC_MS double scalbln(double, long int) noexcept;
__BC_MS float scalblnf(float, long int) noexcept;
__BC_MS int ilogb(double) noexcept;
__BC_MS int ilogbf(float) noexcept;
__BC_MS long int lrint(double) noexcept;
__BC_MS long int lrintf(float) noexcept;
__BC_MS long long int llrint(double) noexcept;
__BC_MS long long int llrintf(float) noexcept;
__BC_MS long int lround(double) noexcept;
__BC_MS long int lroundf(float) noexcept;
__BC_MS long long int llround(double) noexcept;
__BC_MS long long int llroundf(float) noexcept;
__BC_MS double jn(int, double) noexcept;
__BC_MS float jnf(int, float) noexcept;
__BC_MS double yn(int, double) noexcept;
__BC_MS float ynf(int, float) noexcept;
__BC_MS double nan(const char*) noexcept;
__BC_MS float nanf(const char*) noexcept;
__BC_MS void sincos(double, double*, double*) noexcept;
__BC_MS void sincosf(float, float*, float*) noexcept;
__BC_MS void sincospi(double, double*, double*) noexcept;
__BC_MS void sincospif(float, float*, float*) noexcept;
__BC_MS double norm3d(double, double, double) noexcept;
__BC_MS float norm3df(float, float, float) noexcept;
__BC_MS double rnorm3d(double, double, double) noexcept;
__BC_MS float rnorm3df(float, float, float) noexcept;
__BC_MS double norm4d(double, double, double, double) noexcept;
__BC_MS float norm4df(float, float, float, float) noexcept;
__BC_MS double rnorm4d(double, double, double, double) noexcept;
__BC_MS float rnorm4df(float, float, float, float) noexcept;
__BC_MS double norm(int, const double*) noexcept;
__BC_MS float normf(int, const float*) noexcept;
__BC_MS double rnorm(int, const double*) noexcept;
__BC_MS float rnormf(int, const float*) noexcept;
__BC_MS int abs(int) noexcept;
__BC_MS long int labs(long int) noexcept;
__BC_MS long long int llabs(long long int) noexcept;
__BC_MS int __signbitd(double) noexcept;
__BC_MS int __signbitf(float) noexcept;
__BC_MS int __isnand(double) noexcept;
__BC_MS int __isnanf(float) noexcept;
__BC_MS int __isinfd(double) noexcept;
__BC_MS int __isinff(float) noexcept;
__BC_MS int __finite(double) noexcept;
__BC_MS int __finitef(float) noexcept;
#undef __BC_M1
#undef __BC_M2
