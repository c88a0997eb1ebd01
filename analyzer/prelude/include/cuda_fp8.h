/* bankcheck CUDA prelude: shadow of <cuda_fp8.h>: the e4m3 and e5m2 8-bit float types (1, 2 and
 * 4 elements: 1, 2 and 4 bytes, naturally aligned) and the conversion functions. Declarations
 * only; the e8m0, fp6 and fp4 types of CUDA 12.8+ are not provided. */
#ifndef __BANKCHECK_CUDA_FP8_H
#define __BANKCHECK_CUDA_FP8_H
#define __CUDA_FP8_H__ /* the toolkit header's own guard, which libraries test */

#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

__BC_HD __nv_fp8_storage_t __nv_cvt_double_to_fp8(double, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__BC_HD __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
__BC_HD __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t, __nv_fp8_interpretation_t);

struct __align__(1) __nv_fp8_e5m2 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e5m2() = default;
  explicit __BC_HD __nv_fp8_e5m2(const __half __v);
  explicit __BC_HD __nv_fp8_e5m2(const __nv_bfloat16 __v);
  explicit __BC_HD __nv_fp8_e5m2(const float __v);
  explicit __BC_HD __nv_fp8_e5m2(const double __v);
  explicit __BC_HD __nv_fp8_e5m2(const unsigned short int __v);
  explicit __BC_HD __nv_fp8_e5m2(const unsigned int __v);
  explicit __BC_HD __nv_fp8_e5m2(const unsigned long int __v);
  explicit __BC_HD __nv_fp8_e5m2(const unsigned long long int __v);
  explicit __BC_HD __nv_fp8_e5m2(const short int __v);
  explicit __BC_HD __nv_fp8_e5m2(const int __v);
  explicit __BC_HD __nv_fp8_e5m2(const long int __v);
  explicit __BC_HD __nv_fp8_e5m2(const long long int __v);
  explicit __BC_HD operator __half() const;
  explicit __BC_HD operator float() const;
  explicit __BC_HD operator __nv_bfloat16() const;
  explicit __BC_HD operator double() const;
  explicit __BC_HD operator unsigned char() const;
  explicit __BC_HD operator unsigned short int() const;
  explicit __BC_HD operator unsigned int() const;
  explicit __BC_HD operator unsigned long int() const;
  explicit __BC_HD operator unsigned long long int() const;
  explicit __BC_HD operator signed char() const;
  explicit __BC_HD operator char() const;
  explicit __BC_HD operator short int() const;
  explicit __BC_HD operator int() const;
  explicit __BC_HD operator long int() const;
  explicit __BC_HD operator long long int() const;
  explicit __BC_HD operator bool() const;
};
struct __align__(2) __nv_fp8x2_e5m2 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e5m2() = default;
  explicit __BC_HD __nv_fp8x2_e5m2(const __half2 __v);
  explicit __BC_HD __nv_fp8x2_e5m2(const __nv_bfloat162 __v);
  explicit __BC_HD __nv_fp8x2_e5m2(const float2 __v);
  explicit __BC_HD __nv_fp8x2_e5m2(const double2 __v);
  explicit __BC_HD operator __half2() const;
  explicit __BC_HD operator float2() const;
};
struct __align__(4) __nv_fp8x4_e5m2 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e5m2() = default;
  explicit __BC_HD __nv_fp8x4_e5m2(const __half2 __lo, const __half2 __hi);
  explicit __BC_HD __nv_fp8x4_e5m2(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi);
  explicit __BC_HD __nv_fp8x4_e5m2(const float4 __v);
  explicit __BC_HD __nv_fp8x4_e5m2(const double4_16a __v);
  explicit __BC_HD operator float4() const;
};
struct __align__(1) __nv_fp8_e4m3 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e4m3() = default;
  explicit __BC_HD __nv_fp8_e4m3(const __half __v);
  explicit __BC_HD __nv_fp8_e4m3(const __nv_bfloat16 __v);
  explicit __BC_HD __nv_fp8_e4m3(const float __v);
  explicit __BC_HD __nv_fp8_e4m3(const double __v);
  explicit __BC_HD __nv_fp8_e4m3(const unsigned short int __v);
  explicit __BC_HD __nv_fp8_e4m3(const unsigned int __v);
  explicit __BC_HD __nv_fp8_e4m3(const unsigned long int __v);
  explicit __BC_HD __nv_fp8_e4m3(const unsigned long long int __v);
  explicit __BC_HD __nv_fp8_e4m3(const short int __v);
  explicit __BC_HD __nv_fp8_e4m3(const int __v);
  explicit __BC_HD __nv_fp8_e4m3(const long int __v);
  explicit __BC_HD __nv_fp8_e4m3(const long long int __v);
  explicit __BC_HD operator __half() const;
  explicit __BC_HD operator float() const;
  explicit __BC_HD operator __nv_bfloat16() const;
  explicit __BC_HD operator double() const;
  explicit __BC_HD operator unsigned char() const;
  explicit __BC_HD operator unsigned short int() const;
  explicit __BC_HD operator unsigned int() const;
  explicit __BC_HD operator unsigned long int() const;
  explicit __BC_HD operator unsigned long long int() const;
  explicit __BC_HD operator signed char() const;
  explicit __BC_HD operator char() const;
  explicit __BC_HD operator short int() const;
  explicit __BC_HD operator int() const;
  explicit __BC_HD operator long int() const;
  explicit __BC_HD operator long long int() const;
  explicit __BC_HD operator bool() const;
};
struct __align__(2) __nv_fp8x2_e4m3 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e4m3() = default;
  explicit __BC_HD __nv_fp8x2_e4m3(const __half2 __v);
  explicit __BC_HD __nv_fp8x2_e4m3(const __nv_bfloat162 __v);
  explicit __BC_HD __nv_fp8x2_e4m3(const float2 __v);
  explicit __BC_HD __nv_fp8x2_e4m3(const double2 __v);
  explicit __BC_HD operator __half2() const;
  explicit __BC_HD operator float2() const;
};
struct __align__(4) __nv_fp8x4_e4m3 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e4m3() = default;
  explicit __BC_HD __nv_fp8x4_e4m3(const __half2 __lo, const __half2 __hi);
  explicit __BC_HD __nv_fp8x4_e4m3(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi);
  explicit __BC_HD __nv_fp8x4_e4m3(const float4 __v);
  explicit __BC_HD __nv_fp8x4_e4m3(const double4_16a __v);
  explicit __BC_HD operator float4() const;
};

/* e8m0 scale factors (CUDA 12.8+). */
__BC_HD __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw, const __nv_saturation_t,
                                                        const enum cudaRoundMode);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw, const __nv_saturation_t,
                                                             const enum cudaRoundMode);
__BC_HD __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float, const __nv_saturation_t, const enum cudaRoundMode);
__BC_HD __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2, const __nv_saturation_t,
                                                       const enum cudaRoundMode);
__BC_HD __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double, const __nv_saturation_t, const enum cudaRoundMode);
__BC_HD __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t);
__BC_HD __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t);
struct __align__(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e8m0() = default;
  explicit __BC_HD __nv_fp8_e8m0(const float __f);
  explicit __BC_HD __nv_fp8_e8m0(const double __f);
  explicit __BC_HD __nv_fp8_e8m0(const __nv_bfloat16 __f);
  explicit __BC_HD operator float() const;
  explicit __BC_HD operator double() const;
  explicit __BC_HD operator __nv_bfloat16() const;
};
typedef __nv_fp8_e8m0 nv_fp8_e8m0;

typedef __nv_fp8_e5m2 nv_fp8_e5m2;
typedef __nv_fp8x2_e5m2 nv_fp8x2_e5m2;
typedef __nv_fp8x4_e5m2 nv_fp8x4_e5m2;
typedef __nv_fp8_e4m3 nv_fp8_e4m3;
typedef __nv_fp8x2_e4m3 nv_fp8x2_e4m3;
typedef __nv_fp8x4_e4m3 nv_fp8x4_e4m3;

#endif /* __BANKCHECK_CUDA_FP8_H */
