/* bankcheck CUDA prelude: shadows cuda_fp4.h. The e2m1 4-bit float types __nv_fp4_e2m1 (1 byte),
 * __nv_fp4x2_e2m1 (1 byte), __nv_fp4x4_e2m1 (2 bytes) with their constructors and conversions, and
 * the __nv_cvt_*_to_fp4* functions. Declarations only. */
#ifndef __BANKCHECK_CUDA_FP4_H
#define __BANKCHECK_CUDA_FP4_H
#define __CUDA_FP4_H__ /* the toolkit header's own guard, which libraries test */

#include "cuda_fp8.h"

typedef __nv_fp8_storage_t __nv_fp4_storage_t;
typedef __nv_fp8_storage_t __nv_fp4x2_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp4x4_storage_t;
typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

__BC_HD __nv_fp4_storage_t __nv_cvt_double_to_fp4(const double, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(const double2, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4_storage_t __nv_cvt_float_to_fp4(const float, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(const float2, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(const __half_raw, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(const __half2_raw, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw, const __nv_fp4_interpretation_t, const enum cudaRoundMode);
__BC_HD __half_raw __nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t, const __nv_fp4_interpretation_t);
__BC_HD __half2_raw __nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t, const __nv_fp4_interpretation_t);

struct __align__(1) __nv_fp4_e2m1 {
  __nv_fp4_storage_t __x;
  __nv_fp4_e2m1() = default;
  explicit __BC_HD __nv_fp4_e2m1(const __half);
  explicit __BC_HD __nv_fp4_e2m1(const __nv_bfloat16);
  explicit __BC_HD __nv_fp4_e2m1(const float);
  explicit __BC_HD __nv_fp4_e2m1(const double);
  explicit __BC_HD __nv_fp4_e2m1(const int);
  explicit __BC_HD __nv_fp4_e2m1(const unsigned int);
  explicit __BC_HD operator __half() const;
  explicit __BC_HD operator float() const;
  explicit __BC_HD operator __nv_bfloat16() const;
};
struct __align__(1) __nv_fp4x2_e2m1 {
  __nv_fp4x2_storage_t __x;
  __nv_fp4x2_e2m1() = default;
  explicit __BC_HD __nv_fp4x2_e2m1(const __half2);
  explicit __BC_HD __nv_fp4x2_e2m1(const __nv_bfloat162);
  explicit __BC_HD __nv_fp4x2_e2m1(const float2);
  explicit __BC_HD __nv_fp4x2_e2m1(const double2);
  explicit __BC_HD operator __half2() const;
  explicit __BC_HD operator float2() const;
};
struct __align__(2) __nv_fp4x4_e2m1 {
  __nv_fp4x4_storage_t __x;
  __nv_fp4x4_e2m1() = default;
  explicit __BC_HD __nv_fp4x4_e2m1(const __half2, const __half2);
  explicit __BC_HD __nv_fp4x4_e2m1(const __nv_bfloat162, const __nv_bfloat162);
  explicit __BC_HD __nv_fp4x4_e2m1(const float4);
  explicit __BC_HD __nv_fp4x4_e2m1(const double4_16a);
  explicit __BC_HD operator float4() const;
};
typedef __nv_fp4_e2m1 nv_fp4_e2m1;
typedef __nv_fp4x2_e2m1 nv_fp4x2_e2m1;
typedef __nv_fp4x4_e2m1 nv_fp4x4_e2m1;

#endif /* __BANKCHECK_CUDA_FP4_H */
