/* bankcheck CUDA prelude: device intrinsics (CUDA's device_functions.h, device_double_functions.h,
 * sm_20/30/32/61 intrinsics, sm_70/80/90 runtime headers). Declarations only, except the integer
 * helpers at the end, which bankcheck inlines when it evaluates an index expression. */
#ifndef __BANKCHECK_DEVICE_FUNCTIONS_H
#define __BANKCHECK_DEVICE_FUNCTIONS_H

#include "vector_types.h"
#include "builtin_vars.h"

extern "C" {
/* Synchronization, fences, integer/bit intrinsics, conversions, fast-math and rounding intrinsics,
 * SIMD-in-a-word intrinsics: the extern "C" device functions of crt/device_functions.h,
 * crt/device_double_functions.h and sm_20_intrinsics.h. */
__BC_D long long int __mul64hi(long long int, long long int);
__BC_D unsigned long long int __umul64hi(unsigned long long int, unsigned long long int);
__BC_D float __int_as_float(int);
__BC_D int __float_as_int(float);
__BC_D float __uint_as_float(unsigned int);
__BC_D unsigned int __float_as_uint(float);
__BC_D void __syncthreads();
__BC_D void __prof_trigger(int);
__BC_D void __threadfence();
__BC_D void __threadfence_block();
__BC_D void __brkpt();
__BC_D float __saturatef(float);
__BC_D unsigned int __sad(int, int, unsigned int);
__BC_D unsigned int __usad(unsigned int, unsigned int, unsigned int);
__BC_D float fdividef(float, float);
__BC_D float __fdividef(float, float);
__BC_D double fdivide(double, double);
__BC_D float __sinf(float);
__BC_D float __cosf(float);
__BC_D float __tanf(float);
__BC_D float __tanhf(float);
__BC_D void __sincosf(float, float *, float *);
__BC_D float __expf(float);
__BC_D float __exp10f(float);
__BC_D float __log2f(float);
__BC_D float __log10f(float);
__BC_D float __logf(float);
__BC_D float __powf(float, float);
__BC_D int __float2int_rn(float);
__BC_D int __float2int_rz(float);
__BC_D int __float2int_ru(float);
__BC_D int __float2int_rd(float);
__BC_D unsigned int __float2uint_rn(float);
__BC_D unsigned int __float2uint_rz(float);
__BC_D unsigned int __float2uint_ru(float);
__BC_D unsigned int __float2uint_rd(float);
__BC_D float __int2float_rn(int);
__BC_D float __int2float_rz(int);
__BC_D float __int2float_ru(int);
__BC_D float __int2float_rd(int);
__BC_D float __uint2float_rn(unsigned int);
__BC_D float __uint2float_rz(unsigned int);
__BC_D float __uint2float_ru(unsigned int);
__BC_D float __uint2float_rd(unsigned int);
__BC_D long long int __float2ll_rn(float);
__BC_D long long int __float2ll_rz(float);
__BC_D long long int __float2ll_ru(float);
__BC_D long long int __float2ll_rd(float);
__BC_D unsigned long long int __float2ull_rn(float);
__BC_D unsigned long long int __float2ull_rz(float);
__BC_D unsigned long long int __float2ull_ru(float);
__BC_D unsigned long long int __float2ull_rd(float);
__BC_D float __ll2float_rn(long long int);
__BC_D float __ll2float_rz(long long int);
__BC_D float __ll2float_ru(long long int);
__BC_D float __ll2float_rd(long long int);
__BC_D float __ull2float_rn(unsigned long long int);
__BC_D float __ull2float_rz(unsigned long long int);
__BC_D float __ull2float_ru(unsigned long long int);
__BC_D float __ull2float_rd(unsigned long long int);
__BC_D float __fadd_rn(float, float);
__BC_D float __fadd_rz(float, float);
__BC_D float __fadd_ru(float, float);
__BC_D float __fadd_rd(float, float);
__BC_D float __fsub_rn(float, float);
__BC_D float __fsub_rz(float, float);
__BC_D float __fsub_ru(float, float);
__BC_D float __fsub_rd(float, float);
__BC_D float __fmul_rn(float, float);
__BC_D float __fmul_rz(float, float);
__BC_D float __fmul_ru(float, float);
__BC_D float __fmul_rd(float, float);
__BC_D float __fmaf_rn(float, float, float);
__BC_D float __fmaf_rz(float, float, float);
__BC_D float __fmaf_ru(float, float, float);
__BC_D float __fmaf_rd(float, float, float);
__BC_D float __frcp_rn(float);
__BC_D float __frcp_rz(float);
__BC_D float __frcp_ru(float);
__BC_D float __frcp_rd(float);
__BC_D float __fsqrt_rn(float);
__BC_D float __fsqrt_rz(float);
__BC_D float __fsqrt_ru(float);
__BC_D float __fsqrt_rd(float);
__BC_D float __frsqrt_rn(float);
__BC_D float __fdiv_rn(float, float);
__BC_D float __fdiv_rz(float, float);
__BC_D float __fdiv_ru(float, float);
__BC_D float __fdiv_rd(float, float);
__BC_D int __clz(int);
__BC_D int __ffs(int);
__BC_D int __popc(unsigned int);
__BC_D unsigned int __brev(unsigned int);
__BC_D int __clzll(long long int);
__BC_D int __ffsll(long long int);
__BC_D int __popcll(unsigned long long int);
__BC_D unsigned long long int __brevll(unsigned long long int);
__BC_D unsigned int __byte_perm(unsigned int, unsigned int, unsigned int);
__BC_D int __hadd(int, int);
__BC_D int __rhadd(int, int);
__BC_D unsigned int __uhadd(unsigned int, unsigned int);
__BC_D unsigned int __urhadd(unsigned int, unsigned int);
__BC_D int __double2int_rz(double);
__BC_D unsigned int __double2uint_rz(double);
__BC_D long long int __double2ll_rz(double);
__BC_D unsigned long long int __double2ull_rz(double);
__BC_D unsigned int __vabs2(unsigned int);
__BC_D unsigned int __vabsss2(unsigned int);
__BC_D unsigned int __vadd2(unsigned int, unsigned int);
__BC_D unsigned int __vaddss2(unsigned int, unsigned int);
__BC_D unsigned int __vaddus2(unsigned int, unsigned int);
__BC_D unsigned int __vavgs2(unsigned int, unsigned int);
__BC_D unsigned int __vavgu2(unsigned int, unsigned int);
__BC_D unsigned int __vhaddu2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpeq2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpges2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgeu2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgts2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgtu2(unsigned int, unsigned int);
__BC_D unsigned int __vcmples2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpleu2(unsigned int, unsigned int);
__BC_D unsigned int __vcmplts2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpltu2(unsigned int, unsigned int);
__BC_D unsigned int __vcmpne2(unsigned int, unsigned int);
__BC_D unsigned int __vabsdiffu2(unsigned int, unsigned int);
__BC_D unsigned int __vmaxs2(unsigned int, unsigned int);
__BC_D unsigned int __vmaxu2(unsigned int, unsigned int);
__BC_D unsigned int __vmins2(unsigned int, unsigned int);
__BC_D unsigned int __vminu2(unsigned int, unsigned int);
__BC_D unsigned int __vseteq2(unsigned int, unsigned int);
__BC_D unsigned int __vsetges2(unsigned int, unsigned int);
__BC_D unsigned int __vsetgeu2(unsigned int, unsigned int);
__BC_D unsigned int __vsetgts2(unsigned int, unsigned int);
__BC_D unsigned int __vsetgtu2(unsigned int, unsigned int);
__BC_D unsigned int __vsetles2(unsigned int, unsigned int);
__BC_D unsigned int __vsetleu2(unsigned int, unsigned int);
__BC_D unsigned int __vsetlts2(unsigned int, unsigned int);
__BC_D unsigned int __vsetltu2(unsigned int, unsigned int);
__BC_D unsigned int __vsetne2(unsigned int, unsigned int);
__BC_D unsigned int __vsadu2(unsigned int, unsigned int);
__BC_D unsigned int __vsub2(unsigned int, unsigned int);
__BC_D unsigned int __vsubss2(unsigned int, unsigned int);
__BC_D unsigned int __vsubus2(unsigned int, unsigned int);
__BC_D unsigned int __vneg2(unsigned int);
__BC_D unsigned int __vnegss2(unsigned int);
__BC_D unsigned int __vabsdiffs2(unsigned int, unsigned int);
__BC_D unsigned int __vsads2(unsigned int, unsigned int);
__BC_D unsigned int __vabs4(unsigned int);
__BC_D unsigned int __vabsss4(unsigned int);
__BC_D unsigned int __vadd4(unsigned int, unsigned int);
__BC_D unsigned int __vaddss4(unsigned int, unsigned int);
__BC_D unsigned int __vaddus4(unsigned int, unsigned int);
__BC_D unsigned int __vavgs4(unsigned int, unsigned int);
__BC_D unsigned int __vavgu4(unsigned int, unsigned int);
__BC_D unsigned int __vhaddu4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpeq4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpges4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgeu4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgts4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpgtu4(unsigned int, unsigned int);
__BC_D unsigned int __vcmples4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpleu4(unsigned int, unsigned int);
__BC_D unsigned int __vcmplts4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpltu4(unsigned int, unsigned int);
__BC_D unsigned int __vcmpne4(unsigned int, unsigned int);
__BC_D unsigned int __vabsdiffu4(unsigned int, unsigned int);
__BC_D unsigned int __vmaxs4(unsigned int, unsigned int);
__BC_D unsigned int __vmaxu4(unsigned int, unsigned int);
__BC_D unsigned int __vmins4(unsigned int, unsigned int);
__BC_D unsigned int __vminu4(unsigned int, unsigned int);
__BC_D unsigned int __vseteq4(unsigned int, unsigned int);
__BC_D unsigned int __vsetles4(unsigned int, unsigned int);
__BC_D unsigned int __vsetleu4(unsigned int, unsigned int);
__BC_D unsigned int __vsetlts4(unsigned int, unsigned int);
__BC_D unsigned int __vsetltu4(unsigned int, unsigned int);
__BC_D unsigned int __vsetges4(unsigned int, unsigned int);
__BC_D unsigned int __vsetgeu4(unsigned int, unsigned int);
__BC_D unsigned int __vsetgts4(unsigned int, unsigned int);
__BC_D unsigned int __vsetgtu4(unsigned int, unsigned int);
__BC_D unsigned int __vsetne4(unsigned int, unsigned int);
__BC_D unsigned int __vsadu4(unsigned int, unsigned int);
__BC_D unsigned int __vsub4(unsigned int, unsigned int);
__BC_D unsigned int __vsubss4(unsigned int, unsigned int);
__BC_D unsigned int __vsubus4(unsigned int, unsigned int);
__BC_D unsigned int __vneg4(unsigned int);
__BC_D unsigned int __vnegss4(unsigned int);
__BC_D unsigned int __vabsdiffs4(unsigned int, unsigned int);
__BC_D unsigned int __vsads4(unsigned int, unsigned int);
__BC_D void __threadfence_system();
__BC_D double __ddiv_rn(double, double);
__BC_D double __ddiv_rz(double, double);
__BC_D double __ddiv_ru(double, double);
__BC_D double __ddiv_rd(double, double);
__BC_D double __drcp_rn(double);
__BC_D double __drcp_rz(double);
__BC_D double __drcp_ru(double);
__BC_D double __drcp_rd(double);
__BC_D double __dsqrt_rn(double);
__BC_D double __dsqrt_rz(double);
__BC_D double __dsqrt_ru(double);
__BC_D double __dsqrt_rd(double);
__BC_D int __syncthreads_count(int);
__BC_D int __syncthreads_and(int);
__BC_D int __syncthreads_or(int);
__BC_D long long int clock64();
__BC_D float __fmaf_ieee_rn(float, float, float);
__BC_D float __fmaf_ieee_rd(float, float, float);
__BC_D float __fmaf_ieee_ru(float, float, float);
__BC_D float __fmaf_ieee_rz(float, float, float);
__BC_D long long int __double_as_longlong(double);
__BC_D double __longlong_as_double(long long int);
__BC_D double __fma_rn(double, double, double);
__BC_D double __fma_rz(double, double, double);
__BC_D double __fma_ru(double, double, double);
__BC_D double __fma_rd(double, double, double);
__BC_D double __dadd_rn(double, double);
__BC_D double __dadd_rz(double, double);
__BC_D double __dadd_ru(double, double);
__BC_D double __dadd_rd(double, double);
__BC_D double __dsub_rn(double, double);
__BC_D double __dsub_rz(double, double);
__BC_D double __dsub_ru(double, double);
__BC_D double __dsub_rd(double, double);
__BC_D double __dmul_rn(double, double);
__BC_D double __dmul_rz(double, double);
__BC_D double __dmul_ru(double, double);
__BC_D double __dmul_rd(double, double);
__BC_D float __double2float_rn(double);
__BC_D float __double2float_rz(double);
__BC_D float __double2float_ru(double);
__BC_D float __double2float_rd(double);
__BC_D int __double2int_rn(double);
__BC_D int __double2int_ru(double);
__BC_D int __double2int_rd(double);
__BC_D unsigned int __double2uint_rn(double);
__BC_D unsigned int __double2uint_ru(double);
__BC_D unsigned int __double2uint_rd(double);
__BC_D long long int __double2ll_rn(double);
__BC_D long long int __double2ll_ru(double);
__BC_D long long int __double2ll_rd(double);
__BC_D unsigned long long int __double2ull_rn(double);
__BC_D unsigned long long int __double2ull_ru(double);
__BC_D unsigned long long int __double2ull_rd(double);
__BC_D double __int2double_rn(int);
__BC_D double __uint2double_rn(unsigned int);
__BC_D double __ll2double_rn(long long int);
__BC_D double __ll2double_rz(long long int);
__BC_D double __ll2double_ru(long long int);
__BC_D double __ll2double_rd(long long int);
__BC_D double __ull2double_rn(unsigned long long int);
__BC_D double __ull2double_rz(unsigned long long int);
__BC_D double __ull2double_ru(unsigned long long int);
__BC_D double __ull2double_rd(unsigned long long int);
__BC_D int __double2hiint(double);
__BC_D int __double2loint(double);
__BC_D double __hiloint2double(int, int);
__BC_D __attribute__((noreturn)) void __trap(void);
} /* extern "C" */

/* Warp-level primitives (sm_30_intrinsics.h, sm_70_rt.h, sm_80_rt.h). */
__BC_D void __syncwarp(unsigned int mask = 0xFFFFFFFFu);
__BC_D unsigned int __activemask(void);
__BC_D unsigned int __ballot_sync(unsigned int mask, int pred);
__BC_D int __any_sync(unsigned int mask, int pred);
__BC_D int __all_sync(unsigned int mask, int pred);
__BC_D int __uni_sync(unsigned int mask, int pred);
__BC_D unsigned int __fns(unsigned int mask, unsigned int base, int offset);
__BC_D void __barrier_sync(unsigned int id);
__BC_D void __barrier_sync_count(unsigned int id, unsigned int cnt);

#define __BC_SHFL(T)                                                                              \
  __BC_D T __shfl_sync(unsigned int mask, T var, int srcLane, int width = warpSize);              \
  __BC_D T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize);    \
  __BC_D T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize);  \
  __BC_D T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = warpSize);         \
  __BC_D unsigned int __match_any_sync(unsigned int mask, T value);                               \
  __BC_D unsigned int __match_all_sync(unsigned int mask, T value, int* pred);
__BC_SHFL(int)
__BC_SHFL(unsigned int)
__BC_SHFL(long)
__BC_SHFL(unsigned long)
__BC_SHFL(long long)
__BC_SHFL(unsigned long long)
__BC_SHFL(float)
__BC_SHFL(double)
#undef __BC_SHFL

__BC_D int __reduce_add_sync(unsigned int mask, int value);
__BC_D int __reduce_min_sync(unsigned int mask, int value);
__BC_D int __reduce_max_sync(unsigned int mask, int value);
__BC_D unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__BC_D unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__BC_D unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__BC_D unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__BC_D unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__BC_D unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

/* Cache-hinted global loads and stores (sm_32_intrinsics.h). CUDA overloads each for the scalar
 * and vector types (char ... double, char2 ... double2, float4, int4 ...); one template per
 * function stands for that overload set at a fraction of the parse cost. The stored value is a
 * non-deduced parameter, so `__stcs(float_ptr, 0)` converts the 0 as CUDA's overloads do. */
template <class _T> struct __bankcheck_identity { typedef _T type; };
template <class _T> __BC_D _T __ldg(const _T* __ptr);
template <class _T> __BC_D _T __ldcg(const _T* __ptr);
template <class _T> __BC_D _T __ldca(const _T* __ptr);
template <class _T> __BC_D _T __ldcs(const _T* __ptr);
template <class _T> __BC_D _T __ldlu(const _T* __ptr);
template <class _T> __BC_D _T __ldcv(const _T* __ptr);
template <class _T> __BC_D void __stwb(_T* __ptr, typename __bankcheck_identity<_T>::type __value);
template <class _T> __BC_D void __stcg(_T* __ptr, typename __bankcheck_identity<_T>::type __value);
template <class _T> __BC_D void __stcs(_T* __ptr, typename __bankcheck_identity<_T>::type __value);
template <class _T> __BC_D void __stwt(_T* __ptr, typename __bankcheck_identity<_T>::type __value);

__BC_D unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__BC_D unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__BC_D unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__BC_D unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);

/* Dot products (sm_61_intrinsics.h). */
__BC_D int __dp4a(int srcA, int srcB, int c);
__BC_D unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__BC_D int __dp4a(char4 srcA, char4 srcB, int c);
__BC_D unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c);
__BC_D int __dp2a_lo(int srcA, int srcB, int c);
__BC_D unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c);
__BC_D int __dp2a_lo(short2 srcA, char4 srcB, int c);
__BC_D unsigned int __dp2a_lo(ushort2 srcA, uchar4 srcB, unsigned int c);
__BC_D int __dp2a_hi(int srcA, int srcB, int c);
__BC_D unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c);
__BC_D int __dp2a_hi(short2 srcA, char4 srcB, int c);
__BC_D unsigned int __dp2a_hi(ushort2 srcA, uchar4 srcB, unsigned int c);

/* Address spaces (sm_20_intrinsics.h). __cvta_generic_to_shared returns the 32-bit shared-window
 * address (as size_t) that cp.async / ldmatrix inline asm takes with an "r" constraint. */
__BC_D unsigned int __isGlobal(const void* ptr);
__BC_D unsigned int __isShared(const void* ptr);
__BC_D unsigned int __isConstant(const void* ptr);
__BC_D unsigned int __isLocal(const void* ptr);
__BC_D unsigned int __isGridConstant(const void* ptr);
__BC_D size_t __cvta_generic_to_global(const void* ptr);
__BC_D size_t __cvta_generic_to_shared(const void* ptr);
__BC_D size_t __cvta_generic_to_constant(const void* ptr);
__BC_D size_t __cvta_generic_to_local(const void* ptr);
__BC_D size_t __cvta_generic_to_grid_constant(const void* ptr);
__BC_D void* __cvta_global_to_generic(size_t rawbits);
__BC_D void* __cvta_shared_to_generic(size_t rawbits);
__BC_D void* __cvta_constant_to_generic(size_t rawbits);
__BC_D void* __cvta_local_to_generic(size_t rawbits);
__BC_D void* __cvta_grid_constant_to_generic(size_t rawbits);

__BC_D unsigned short __nv_bswap16(unsigned short x);
__BC_D unsigned int __nv_bswap32(unsigned int x);
__BC_D unsigned long long __nv_bswap64(unsigned long long x);
__BC_D void __nanosleep(unsigned int ns);

/* Thread-block clusters (sm_90_rt.h). */
__BC_D unsigned int __isCtaShared(const void* ptr);
__BC_D unsigned int __isClusterShared(const void* ptr);
__BC_D void* __cluster_map_shared_rank(const void* ptr, unsigned int target_block_rank);
__BC_D unsigned int __cluster_query_shared_rank(const void* ptr);
__BC_D uint2 __cluster_map_shared_multicast(const void* ptr, unsigned int cluster_cta_mask);
__BC_D unsigned int __clusterDimIsSpecified(void);
__BC_D dim3 __clusterDim(void);
__BC_D dim3 __clusterRelativeBlockIdx(void);
__BC_D dim3 __clusterGridDimInClusters(void);
__BC_D dim3 __clusterIdx(void);
__BC_D unsigned int __clusterRelativeBlockRank(void);
__BC_D unsigned int __clusterSizeInBlocks(void);
__BC_D void __cluster_barrier_arrive(void);
__BC_D void __cluster_barrier_arrive_relaxed(void);
__BC_D void __cluster_barrier_wait(void);
__BC_D void __threadfence_cluster(void);

/* Integer helpers with bodies: bankcheck inlines these when it evaluates index expressions
 * (`min(tid, 31)`, `__umul24(row, ld)`). Overload set as in CUDA's math_functions.hpp, so mixed
 * signed/unsigned arguments resolve the way nvcc resolves them. */
__BC_HDI int __mul24(int __a, int __b) {
  /* low 32 bits of the product of the sign-extended low 24 bits of a and b */
  int __sa = (int)((unsigned int)__a << 8) >> 8;
  int __sb = (int)((unsigned int)__b << 8) >> 8;
  return (int)((unsigned int)__sa * (unsigned int)__sb);
}
__BC_HDI unsigned int __umul24(unsigned int __a, unsigned int __b) {
  return (__a & 0xFFFFFFu) * (__b & 0xFFFFFFu);
}
/* the high 32 bits of the 64-bit product (ggml's fastdiv/fastmodulo divide by a run-time value this way) */
__BC_HDI int __mulhi(int __a, int __b) { return (int)(((long long)__a * (long long)__b) >> 32); }
__BC_HDI unsigned int __umulhi(unsigned int __a, unsigned int __b) {
  return (unsigned int)(((unsigned long long)__a * (unsigned long long)__b) >> 32);
}

__BC_HDI int min(int __a, int __b) { return __a < __b ? __a : __b; }
__BC_HDI unsigned int umin(unsigned int __a, unsigned int __b) { return __a < __b ? __a : __b; }
__BC_HDI long long int llmin(long long int __a, long long int __b) { return __a < __b ? __a : __b; }
__BC_HDI unsigned long long int ullmin(unsigned long long int __a, unsigned long long int __b) {
  return __a < __b ? __a : __b;
}
__BC_HDI int max(int __a, int __b) { return __a > __b ? __a : __b; }
__BC_HDI unsigned int umax(unsigned int __a, unsigned int __b) { return __a > __b ? __a : __b; }
__BC_HDI long long int llmax(long long int __a, long long int __b) { return __a > __b ? __a : __b; }
__BC_HDI unsigned long long int ullmax(unsigned long long int __a, unsigned long long int __b) {
  return __a > __b ? __a : __b;
}
#define __BC_MINMAX(R, A, B)                                                                      \
  __BC_HDI R min(A __a, B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; }                      \
  __BC_HDI R max(A __a, B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__BC_MINMAX(unsigned int, unsigned int, unsigned int)
__BC_MINMAX(unsigned int, int, unsigned int)
__BC_MINMAX(unsigned int, unsigned int, int)
__BC_MINMAX(long int, long int, long int)
__BC_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__BC_MINMAX(unsigned long int, long int, unsigned long int)
__BC_MINMAX(unsigned long int, unsigned long int, long int)
__BC_MINMAX(long long int, long long int, long long int)
__BC_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__BC_MINMAX(unsigned long long int, long long int, unsigned long long int)
__BC_MINMAX(unsigned long long int, unsigned long long int, long long int)
#undef __BC_MINMAX
__BC_HDI float min(float __a, float __b) { return __builtin_fminf(__a, __b); }
__BC_HDI double min(double __a, double __b) { return __builtin_fmin(__a, __b); }
__BC_HDI double min(float __a, double __b) { return __builtin_fmin((double)__a, __b); }
__BC_HDI double min(double __a, float __b) { return __builtin_fmin(__a, (double)__b); }
__BC_HDI float max(float __a, float __b) { return __builtin_fmaxf(__a, __b); }
__BC_HDI double max(double __a, double __b) { return __builtin_fmax(__a, __b); }
__BC_HDI double max(float __a, double __b) { return __builtin_fmax((double)__a, __b); }
__BC_HDI double max(double __a, float __b) { return __builtin_fmax(__a, (double)__b); }

#endif /* __BANKCHECK_DEVICE_FUNCTIONS_H */
