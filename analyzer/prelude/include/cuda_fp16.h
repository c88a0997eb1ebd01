/* bankcheck CUDA prelude: shadow of <cuda_fp16.h>. __half is 2 bytes (2-aligned) and __half2 is
 * 4 bytes (4-aligned), with CUDA 13's constructors, conversions and operators, so overload
 * resolution and implicit conversions behave as under nvcc. Functions are declared, not defined. */
#ifndef __BANKCHECK_CUDA_FP16_H
#define __BANKCHECK_CUDA_FP16_H
#define __CUDA_FP16_H__ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"

struct __align__(2) __half_raw { unsigned short x; };
struct __align__(4) __half2_raw { unsigned short x; unsigned short y; };
namespace __bankcheck {
/* `type` only when both are one type: an assignment from a raw pair that a braced list `{a, b}`
 * cannot pick (see __half2::operator=). */
template <class __A, class __B> struct __same_raw {};
template <class __A> struct __same_raw<__A, __A> { typedef int type; };
}
struct __nv_bfloat16;
struct __align__(2) __half {
 protected:
  unsigned short __x;

 public:
  __half() = default;
  __BC_HD constexpr __half(const __half_raw& __hr) : __x(__hr.x) {}
  __BC_HD __half& operator=(const __half_raw& __hr);
  __BC_HD volatile __half& operator=(const __half_raw& __hr) volatile;
  __BC_HD volatile __half& operator=(const volatile __half_raw& __hr) volatile;
  __BC_HD operator __half_raw() const;
  __BC_HD operator __half_raw() const volatile;
  explicit __BC_HD __half(const __nv_bfloat16 __f);
  __BC_HD __half(const float __f);
  __BC_HD __half(const double __f);
  __BC_HD operator float() const;
  __BC_HD __half& operator=(const float __f);
  __BC_HD __half& operator=(const double __f);
  __BC_HD __half(const short __v);
  __BC_HD __half(const unsigned short __v);
  __BC_HD __half(const int __v);
  __BC_HD __half(const unsigned int __v);
  __BC_HD __half(const long __v);
  __BC_HD __half(const unsigned long __v);
  __BC_HD __half(const long long __v);
  __BC_HD __half(const unsigned long long __v);
  __BC_HD operator signed char() const;
  __BC_HD operator unsigned char() const;
  __BC_HD operator char() const;
  __BC_HD operator short() const;
  __BC_HD operator unsigned short() const;
  __BC_HD operator int() const;
  __BC_HD operator unsigned int() const;
  __BC_HD operator long() const;
  __BC_HD operator unsigned long() const;
  __BC_HD operator long long() const;
  __BC_HD operator unsigned long long() const;
  __BC_HD __half& operator=(const short __v);
  __BC_HD __half& operator=(const unsigned short __v);
  __BC_HD __half& operator=(const int __v);
  __BC_HD __half& operator=(const unsigned int __v);
  __BC_HD __half& operator=(const long long __v);
  __BC_HD __half& operator=(const unsigned long long __v);
  __BC_HD constexpr operator bool() const { return (__x & 0x7FFFU) != 0U; }
};
__BC_HD __half operator+(const __half& __lh, const __half& __rh);
__BC_HD __half operator-(const __half& __lh, const __half& __rh);
__BC_HD __half operator*(const __half& __lh, const __half& __rh);
__BC_HD __half operator/(const __half& __lh, const __half& __rh);
__BC_HD __half& operator+=(__half& __lh, const __half& __rh);
__BC_HD __half& operator-=(__half& __lh, const __half& __rh);
__BC_HD __half& operator*=(__half& __lh, const __half& __rh);
__BC_HD __half& operator/=(__half& __lh, const __half& __rh);
__BC_HD __half& operator++(__half& __h);
__BC_HD __half& operator--(__half& __h);
__BC_HD __half operator++(__half& __h, const int __ignored);
__BC_HD __half operator--(__half& __h, const int __ignored);
__BC_HD __half operator+(const __half& __h);
__BC_HD __half operator-(const __half& __h);
__BC_HD bool operator==(const __half& __lh, const __half& __rh);
__BC_HD bool operator!=(const __half& __lh, const __half& __rh);
__BC_HD bool operator>(const __half& __lh, const __half& __rh);
__BC_HD bool operator<(const __half& __lh, const __half& __rh);
__BC_HD bool operator>=(const __half& __lh, const __half& __rh);
__BC_HD bool operator<=(const __half& __lh, const __half& __rh);

struct __align__(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __BC_HD constexpr __half2(const __half& __a, const __half& __b) : x(__a), y(__b) {}
  __BC_HD __half2(const __half2_raw& __h2r);
  /* nvcc (EDG) takes `h2 = {a, b}` as the __half2 assignment; Clang would also weigh the raw pair
   * (aggregate-initialized through __half's implicit `operator unsigned short`) and call it
   * ambiguous. As a template, this assignment still takes a __half2_raw but never a braced list. */
  template <class __R, typename __bankcheck::__same_raw<__R, __half2_raw>::type = 0>
  __BC_HD __half2& operator=(const __R& __h2r);
  __BC_HD operator __half2_raw() const;
};
__BC_HD __half2 operator+(const __half2& __lh, const __half2& __rh);
__BC_HD __half2 operator-(const __half2& __lh, const __half2& __rh);
__BC_HD __half2 operator*(const __half2& __lh, const __half2& __rh);
__BC_HD __half2 operator/(const __half2& __lh, const __half2& __rh);
__BC_HD __half2& operator+=(__half2& __lh, const __half2& __rh);
__BC_HD __half2& operator-=(__half2& __lh, const __half2& __rh);
__BC_HD __half2& operator*=(__half2& __lh, const __half2& __rh);
__BC_HD __half2& operator/=(__half2& __lh, const __half2& __rh);
__BC_HD __half2& operator++(__half2& __h);
__BC_HD __half2& operator--(__half2& __h);
__BC_HD __half2 operator++(__half2& __h, const int __ignored);
__BC_HD __half2 operator--(__half2& __h, const int __ignored);
__BC_HD __half2 operator+(const __half2& __h);
__BC_HD __half2 operator-(const __half2& __h);
__BC_HD bool operator==(const __half2& __lh, const __half2& __rh);
__BC_HD bool operator!=(const __half2& __lh, const __half2& __rh);
__BC_HD bool operator>(const __half2& __lh, const __half2& __rh);
__BC_HD bool operator<(const __half2& __lh, const __half2& __rh);
__BC_HD bool operator>=(const __half2& __lh, const __half2& __rh);
__BC_HD bool operator<=(const __half2& __lh, const __half2& __rh);

#if !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

__BC_HD __half __double2half(double);
__BC_HD __half __float2half(float);
__BC_HD __half __float2half_rn(float);
__BC_HD __half __float2half_rz(float);
__BC_HD __half __float2half_rd(float);
__BC_HD __half __float2half_ru(float);
__BC_HD float __half2float(__half);
__BC_HD __half2 __float2half2_rn(float);
__BC_HD __half2 __floats2half2_rn(float, float);
__BC_HD float __low2float(__half2);
__BC_HD float __high2float(__half2);
__BC_HD signed char __half2char_rz(__half);
__BC_HD unsigned char __half2uchar_rz(__half);
__BC_HD short int __half2short_rz(__half);
__BC_HD unsigned short int __half2ushort_rz(__half);
__BC_HD int __half2int_rz(__half);
__BC_HD unsigned int __half2uint_rz(__half);
__BC_HD long long int __half2ll_rz(__half);
__BC_HD unsigned long long int __half2ull_rz(__half);
__BC_HD __half2 make_half2(__half, __half);
__BC_HD __half2 __float22half2_rn(float2);
__BC_HD float2 __half22float2(__half2);
__BC_D int __half2int_rn(__half);
__BC_D int __half2int_rd(__half);
__BC_D int __half2int_ru(__half);
__BC_HD __half __int2half_rn(int);
__BC_HD __half __int2half_rz(int);
__BC_HD __half __int2half_rd(int);
__BC_HD __half __int2half_ru(int);
__BC_D short int __half2short_rn(__half);
__BC_D short int __half2short_rd(__half);
__BC_D short int __half2short_ru(__half);
__BC_HD __half __short2half_rn(short int);
__BC_HD __half __short2half_rz(short int);
__BC_HD __half __short2half_rd(short int);
__BC_HD __half __short2half_ru(short int);
__BC_D unsigned int __half2uint_rn(__half);
__BC_D unsigned int __half2uint_rd(__half);
__BC_D unsigned int __half2uint_ru(__half);
__BC_HD __half __uint2half_rn(unsigned int);
__BC_HD __half __uint2half_rz(unsigned int);
__BC_HD __half __uint2half_rd(unsigned int);
__BC_HD __half __uint2half_ru(unsigned int);
__BC_D unsigned short int __half2ushort_rn(__half);
__BC_D unsigned short int __half2ushort_rd(__half);
__BC_D unsigned short int __half2ushort_ru(__half);
__BC_HD __half __ushort2half_rn(unsigned short int);
__BC_HD __half __ushort2half_rz(unsigned short int);
__BC_HD __half __ushort2half_rd(unsigned short int);
__BC_HD __half __ushort2half_ru(unsigned short int);
__BC_D unsigned long long int __half2ull_rn(__half);
__BC_D unsigned long long int __half2ull_rd(__half);
__BC_D unsigned long long int __half2ull_ru(__half);
__BC_HD __half __ull2half_rn(unsigned long long int);
__BC_HD __half __ull2half_rz(unsigned long long int);
__BC_HD __half __ull2half_rd(unsigned long long int);
__BC_HD __half __ull2half_ru(unsigned long long int);
__BC_D long long int __half2ll_rn(__half);
__BC_D long long int __half2ll_rd(__half);
__BC_D long long int __half2ll_ru(__half);
__BC_HD __half __ll2half_rn(long long int);
__BC_HD __half __ll2half_rz(long long int);
__BC_HD __half __ll2half_rd(long long int);
__BC_HD __half __ll2half_ru(long long int);
__BC_D __half htrunc(__half);
__BC_D __half hceil(__half);
__BC_D __half hfloor(__half);
__BC_D __half hrint(__half);
__BC_D __half2 h2trunc(__half2);
__BC_D __half2 h2ceil(__half2);
__BC_D __half2 h2floor(__half2);
__BC_D __half2 h2rint(__half2);
__BC_HD __half2 __half2half2(__half);
__BC_HD __half2 __lowhigh2highlow(__half2);
__BC_HD __half2 __lows2half2(__half2, __half2);
__BC_HD __half2 __highs2half2(__half2, __half2);
__BC_HD __half __high2half(__half2);
__BC_HD __half __low2half(__half2);
__BC_HD int __hisinf(__half);
__BC_HD __half2 __halves2half2(__half, __half);
__BC_HD __half2 __low2half2(__half2);
__BC_HD __half2 __high2half2(__half2);
__BC_HD short int __half_as_short(__half);
__BC_HD unsigned short int __half_as_ushort(__half);
__BC_HD __half __short_as_half(short int);
__BC_HD __half __ushort_as_half(unsigned short int);
__BC_HD __half __hmax(__half, __half);
__BC_HD __half __hmin(__half, __half);
__BC_HD __half2 __hmax2(__half2, __half2);
__BC_HD __half2 __hmin2(__half2, __half2);
__BC_D __half2 __shfl_sync(unsigned int, __half2, int, int = warpSize);
__BC_D __half2 __shfl_up_sync(unsigned int, __half2, unsigned int, int = warpSize);
__BC_D __half2 __shfl_down_sync(unsigned int, __half2, unsigned int, int = warpSize);
__BC_D __half2 __shfl_xor_sync(unsigned int, __half2, int, int = warpSize);
__BC_D __half __shfl_sync(unsigned int, __half, int, int = warpSize);
__BC_D __half __shfl_up_sync(unsigned int, __half, unsigned int, int = warpSize);
__BC_D __half __shfl_down_sync(unsigned int, __half, unsigned int, int = warpSize);
__BC_D __half __shfl_xor_sync(unsigned int, __half, int, int = warpSize);
__BC_HD __half2 __heq2(__half2, __half2);
__BC_HD __half2 __hne2(__half2, __half2);
__BC_HD __half2 __hle2(__half2, __half2);
__BC_HD __half2 __hge2(__half2, __half2);
__BC_HD __half2 __hlt2(__half2, __half2);
__BC_HD __half2 __hgt2(__half2, __half2);
__BC_HD __half2 __hequ2(__half2, __half2);
__BC_HD __half2 __hneu2(__half2, __half2);
__BC_HD __half2 __hleu2(__half2, __half2);
__BC_HD __half2 __hgeu2(__half2, __half2);
__BC_HD __half2 __hltu2(__half2, __half2);
__BC_HD __half2 __hgtu2(__half2, __half2);
__BC_HD unsigned int __heq2_mask(__half2, __half2);
__BC_HD unsigned int __hne2_mask(__half2, __half2);
__BC_HD unsigned int __hle2_mask(__half2, __half2);
__BC_HD unsigned int __hge2_mask(__half2, __half2);
__BC_HD unsigned int __hlt2_mask(__half2, __half2);
__BC_HD unsigned int __hgt2_mask(__half2, __half2);
__BC_HD unsigned int __hequ2_mask(__half2, __half2);
__BC_HD unsigned int __hneu2_mask(__half2, __half2);
__BC_HD unsigned int __hleu2_mask(__half2, __half2);
__BC_HD unsigned int __hgeu2_mask(__half2, __half2);
__BC_HD unsigned int __hltu2_mask(__half2, __half2);
__BC_HD unsigned int __hgtu2_mask(__half2, __half2);
__BC_HD __half2 __hisnan2(__half2);
__BC_HD __half2 __hadd2(__half2, __half2);
__BC_HD __half2 __hsub2(__half2, __half2);
__BC_HD __half2 __hmul2(__half2, __half2);
__BC_HD __half2 __hadd2_rn(__half2, __half2);
__BC_HD __half2 __hsub2_rn(__half2, __half2);
__BC_HD __half2 __hmul2_rn(__half2, __half2);
__BC_HD __half2 __h2div(__half2, __half2);
__BC_HD __half2 __habs2(__half2);
__BC_HD __half2 __hadd2_sat(__half2, __half2);
__BC_HD __half2 __hsub2_sat(__half2, __half2);
__BC_HD __half2 __hmul2_sat(__half2, __half2);
__BC_D __half2 __hfma2(__half2, __half2, __half2);
__BC_D __half2 __hfma2_sat(__half2, __half2, __half2);
__BC_HD __half2 __hneg2(__half2);
__BC_HD __half __habs(__half);
__BC_HD __half __hadd(__half, __half);
__BC_HD __half __hsub(__half, __half);
__BC_HD __half __hmul(__half, __half);
__BC_HD __half __hadd_rn(__half, __half);
__BC_HD __half __hsub_rn(__half, __half);
__BC_HD __half __hmul_rn(__half, __half);
__BC_HD __half __hdiv(__half, __half);
__BC_HD __half __hadd_sat(__half, __half);
__BC_HD __half __hsub_sat(__half, __half);
__BC_HD __half __hmul_sat(__half, __half);
__BC_D __half __hfma(__half, __half, __half);
__BC_D __half __hfma_sat(__half, __half, __half);
__BC_HD __half __hneg(__half);
__BC_HD bool __hbeq2(__half2, __half2);
__BC_HD bool __hbne2(__half2, __half2);
__BC_HD bool __hble2(__half2, __half2);
__BC_HD bool __hbge2(__half2, __half2);
__BC_HD bool __hblt2(__half2, __half2);
__BC_HD bool __hbgt2(__half2, __half2);
__BC_HD bool __hbequ2(__half2, __half2);
__BC_HD bool __hbneu2(__half2, __half2);
__BC_HD bool __hbleu2(__half2, __half2);
__BC_HD bool __hbgeu2(__half2, __half2);
__BC_HD bool __hbltu2(__half2, __half2);
__BC_HD bool __hbgtu2(__half2, __half2);
__BC_HD bool __heq(__half, __half);
__BC_HD bool __hne(__half, __half);
__BC_HD bool __hle(__half, __half);
__BC_HD bool __hge(__half, __half);
__BC_HD bool __hlt(__half, __half);
__BC_HD bool __hgt(__half, __half);
__BC_HD bool __hequ(__half, __half);
__BC_HD bool __hneu(__half, __half);
__BC_HD bool __hleu(__half, __half);
__BC_HD bool __hgeu(__half, __half);
__BC_HD bool __hltu(__half, __half);
__BC_HD bool __hgtu(__half, __half);
__BC_HD bool __hisnan(__half);
__BC_HD __half __hmax_nan(__half, __half);
__BC_HD __half __hmin_nan(__half, __half);
__BC_D __half __hfma_relu(__half, __half, __half);
__BC_HD __half2 __hmax2_nan(__half2, __half2);
__BC_HD __half2 __hmin2_nan(__half2, __half2);
__BC_D __half2 __hfma2_relu(__half2, __half2, __half2);
__BC_D __half2 __hcmadd(__half2, __half2, __half2);
__BC_D __half hsqrt(__half);
__BC_D __half hrsqrt(__half);
__BC_D __half hrcp(__half);
__BC_D __half hlog(__half);
__BC_D __half hlog2(__half);
__BC_D __half hlog10(__half);
__BC_D __half hexp(__half);
__BC_D __half htanh_approx(__half);
__BC_D __half2 h2tanh_approx(__half2);
__BC_D __half htanh(__half);
__BC_D __half2 h2tanh(__half2);
__BC_D __half hexp2(__half);
__BC_D __half hexp10(__half);
__BC_D __half hcos(__half);
__BC_D __half hsin(__half);
__BC_D __half2 h2sqrt(__half2);
__BC_D __half2 h2rsqrt(__half2);
__BC_D __half2 h2rcp(__half2);
__BC_D __half2 h2log(__half2);
__BC_D __half2 h2log2(__half2);
__BC_D __half2 h2log10(__half2);
__BC_D __half2 h2exp(__half2);
__BC_D __half2 h2exp2(__half2);
__BC_D __half2 h2exp10(__half2);
__BC_D __half2 h2cos(__half2);
__BC_D __half2 h2sin(__half2);
__BC_D __half2 atomicAdd(__half2 *, __half2);
__BC_D __half atomicAdd(__half *, __half);

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#endif /* __BANKCHECK_CUDA_FP16_H */
