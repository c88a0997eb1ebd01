// Every wmma fragment kind the CUDA samples and public kernels use, beyond the m16n16k16 __half
// ones of wmma_probe.cu: bf16, tf32, u8/s8, double, the m32n8k16 and m8n32k16 shapes, and the
// int, double and __half accumulators, each loaded from (or stored to) shared memory by one warp.
//  counters mode (`./wmma_kinds_probe counters`): every kind at six row lengths (32, 48, 64, 80,
//    128 and 144 bytes), one launch each, for ncu's shared wavefronts and instruction counts;
//  order mode (`./wmma_kinds_probe order`): every kind at ldm = 32 elements, twice (the low and
//    the high byte of each element's index as its value), printing which element of the tile each
//    lane's x[e] holds (loads) or where each lane's x[e] lands (stores). With the SASS this gives
//    each instruction's lane addresses.
#include <mma.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstring>
using namespace nvcuda;
constexpr int BUF = 32768;  // bytes: 32 rows of up to 144 bytes, with room

__device__ float toF(__half v) { return __half2float(v); }
__device__ float toF(__nv_bfloat16 v) { return __bfloat162float(v); }
template <class T> __device__ float toF(T v) { return static_cast<float>(v); }
template <class T> __device__ T fromF(float v) { return static_cast<T>(v); }
template <> __device__ __half fromF<__half>(float v) { return __float2half(v); }
template <> __device__ __nv_bfloat16 fromF<__nv_bfloat16>(float v) { return __float2bfloat16(v); }

// mode 0: counters (fill 0); mode 1: values = index & 127; mode 2: values = index >> 7 (exact in
// every element type, signed char and bf16 included).
__device__ float coded(int index, int mode) { return mode == 0 ? 0.f : mode == 1 ? float(index & 127) : float(index >> 7); }

// A matrix_a / matrix_b fragment loaded from shared memory of type S.
#define AB_KIND(NAME, USE, M, N, K, T, LAYOUT, S)                                                   \
  template <int LDM> __global__ void NAME(int mode, float* out) {                                  \
    __shared__ __align__(128) S s[BUF / sizeof(S)];                                                 \
    for (int i = threadIdx.x; i < int(BUF / sizeof(S)); i += 32) s[i] = fromF<S>(coded(i, mode));  \
    __syncthreads();                                                                                \
    wmma::fragment<wmma::USE, M, N, K, T, wmma::LAYOUT> f;                                          \
    wmma::load_matrix_sync(f, s, LDM);                                                              \
    for (int e = 0; e < f.num_elements; ++e) out[threadIdx.x * f.num_elements + e] = toF(f.x[e]);   \
    if (threadIdx.x == 0) out[4096] = f.num_elements;                                               \
  }
// An accumulator loaded from shared memory (LOAD 1) or stored to it (LOAD 0), layout ML. A store
// fills the tile with -1 first only in order mode, so that its counters see the store alone.
#define ACC_KIND(NAME, M, N, K, T, LOAD, ML)                                                        \
  template <int LDM> __global__ void NAME(int mode, float* out) {                                  \
    __shared__ __align__(128) T s[BUF / sizeof(T)];                                                 \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                                \
    if (LOAD) {                                                                                     \
      for (int i = threadIdx.x; i < int(BUF / sizeof(T)); i += 32) s[i] = fromF<T>(coded(i, mode)); \
      __syncthreads();                                                                              \
      wmma::load_matrix_sync(f, s, LDM, wmma::ML);                                                  \
      for (int e = 0; e < f.num_elements; ++e) out[threadIdx.x * f.num_elements + e] = toF(f.x[e]); \
    } else {                                                                                        \
      if (mode) for (int i = threadIdx.x; i < int(BUF / sizeof(T)); i += 32) s[i] = fromF<T>(-1.f); \
      __syncthreads();                                                                              \
      for (int e = 0; e < f.num_elements; ++e) f.x[e] = fromF<T>(coded(threadIdx.x * f.num_elements + e, mode)); \
      wmma::store_matrix_sync(s, f, LDM, wmma::ML);                                                 \
      __syncthreads();                                                                              \
      if (mode) for (int i = threadIdx.x; i < 32 * LDM; i += 32) out[i] = toF(s[i]);              \
    }                                                                                               \
    if (threadIdx.x == 0) out[4096] = f.num_elements;                                               \
  }

#define AB4(P, M, N, K, T, S)                                  \
  AB_KIND(P##_a_row, matrix_a, M, N, K, T, row_major, S)       \
  AB_KIND(P##_a_col, matrix_a, M, N, K, T, col_major, S)       \
  AB_KIND(P##_b_row, matrix_b, M, N, K, T, row_major, S)       \
  AB_KIND(P##_b_col, matrix_b, M, N, K, T, col_major, S)
#define ACC4(P, M, N, K, T)                                    \
  ACC_KIND(P##_ld_row, M, N, K, T, 1, mem_row_major)           \
  ACC_KIND(P##_ld_col, M, N, K, T, 1, mem_col_major)           \
  ACC_KIND(P##_st_row, M, N, K, T, 0, mem_row_major)           \
  ACC_KIND(P##_st_col, M, N, K, T, 0, mem_col_major)

AB4(bf16_m16n16k16, 16, 16, 16, __nv_bfloat16, __nv_bfloat16)
AB4(bf16_m32n8k16, 32, 8, 16, __nv_bfloat16, __nv_bfloat16)
AB4(bf16_m8n32k16, 8, 32, 16, __nv_bfloat16, __nv_bfloat16)
AB4(half_m32n8k16, 32, 8, 16, __half, __half)
AB4(half_m8n32k16, 8, 32, 16, __half, __half)
AB4(u8_m16n16k16, 16, 16, 16, unsigned char, unsigned char)
AB4(s8_m16n16k16, 16, 16, 16, signed char, signed char)
AB4(u8_m32n8k16, 32, 8, 16, unsigned char, unsigned char)
AB4(u8_m8n32k16, 8, 32, 16, unsigned char, unsigned char)
AB4(tf32_m16n16k8, 16, 16, 8, wmma::precision::tf32, float)
AB4(f64_m8n8k4, 8, 8, 4, double, double)
ACC4(accf_m16n16k8, 16, 16, 8, float)
ACC4(accf_m32n8k16, 32, 8, 16, float)
ACC4(accf_m8n32k16, 8, 32, 16, float)
ACC4(acch_m16n16k16, 16, 16, 16, __half)
ACC4(acch_m32n8k16, 32, 8, 16, __half)
ACC4(acch_m8n32k16, 8, 32, 16, __half)
ACC4(acci_m16n16k16, 16, 16, 16, int)
ACC4(acci_m32n8k16, 32, 8, 16, int)
ACC4(acci_m8n32k16, 8, 32, 16, int)
ACC4(accd_m8n8k4, 8, 8, 4, double)

// ldm in elements for rows of 32, 48, 64, 80, 128 and 144 bytes.
#define LDMS(F, K, B)                                                                          \
  F(K, 32 / B); F(K, 48 / B); F(K, 64 / B); F(K, 80 / B); F(K, 128 / B); F(K, 144 / B)
#define ALL_AB(F, P, B) LDMS(F, P##_a_row, B); LDMS(F, P##_a_col, B); LDMS(F, P##_b_row, B); LDMS(F, P##_b_col, B)
#define ALL_ACC(F, P, B) LDMS(F, P##_ld_row, B); LDMS(F, P##_ld_col, B); LDMS(F, P##_st_row, B); LDMS(F, P##_st_col, B)
#define ORD_AB(F, P) F(P##_a_row, 32); F(P##_a_col, 32); F(P##_b_row, 32); F(P##_b_col, 32)
#define ORD_ACC(F, P) F(P##_ld_row, 32); F(P##_ld_col, 32); F(P##_st_row, 32); F(P##_st_col, 32)
#define EVERY(AB, ACC, F)                                                                                  \
  AB(F, bf16_m16n16k16 A2); AB(F, bf16_m32n8k16 A2); AB(F, bf16_m8n32k16 A2); AB(F, half_m32n8k16 A2);    \
  AB(F, half_m8n32k16 A2); AB(F, u8_m16n16k16 A1); AB(F, s8_m16n16k16 A1); AB(F, u8_m32n8k16 A1);          \
  AB(F, u8_m8n32k16 A1); AB(F, tf32_m16n16k8 A4); AB(F, f64_m8n8k4 A8);                                    \
  ACC(F, accf_m16n16k8 A4); ACC(F, accf_m32n8k16 A4); ACC(F, accf_m8n32k16 A4); ACC(F, acch_m16n16k16 A2); \
  ACC(F, acch_m32n8k16 A2); ACC(F, acch_m8n32k16 A2); ACC(F, acci_m16n16k16 A4); ACC(F, acci_m32n8k16 A4); \
  ACC(F, acci_m8n32k16 A4); ACC(F, accd_m8n8k4 A8)
#define A1 , 1
#define A2 , 2
#define A4 , 4
#define A8 , 8
#define EXPAND(x) x
#define CALL_AB(F, PB) EXPAND(ALL_AB2(F, PB))
#define ALL_AB2(F, P, B) ALL_AB(F, P, B)
#define CALL_ACC(F, PB) EXPAND(ALL_ACC2(F, PB))
#define ALL_ACC2(F, P, B) ALL_ACC(F, P, B)
#define CALL_ORD_AB(F, PB) EXPAND(ORD_AB2(F, PB))
#define ORD_AB2(F, P, B) ORD_AB(F, P)
#define CALL_ORD_ACC(F, PB) EXPAND(ORD_ACC2(F, PB))
#define ORD_ACC2(F, P, B) ORD_ACC(F, P)

static float* out;
static int ran = 0;
#define COUNT(K, L) do { K<L><<<1, 32>>>(0, out); cudaDeviceSynchronize(); printf("%d %s %d\n", ran++, #K, L); } while (0)
// Two launches (low and high 7 bits of each index); prints "kind lane e index" per element.
#define ORDER(K, L)                                                                                 \
  do {                                                                                              \
    static float lo[4097], hi[4097];                                                                \
    K<L><<<1, 32>>>(1, out); cudaMemcpy(lo, out, sizeof lo, cudaMemcpyDeviceToHost);                \
    K<L><<<1, 32>>>(2, out); cudaMemcpy(hi, out, sizeof hi, cudaMemcpyDeviceToHost);                \
    const int ne = int(lo[4096]);                                                                   \
    if (strstr(#K, "_st_")) {                                                                       \
      for (int i = 0; i < 32 * L && i < 4096; ++i)                                                  \
        if (lo[i] != -1.f || hi[i] != -1.f) {                                                     \
          const int v = int(lo[i]) + 128 * int(hi[i]);                                              \
          printf("%s ldm %d lane %d e %d index %d\n", #K, L, v / ne, v % ne, i);                     \
        }                                                                                           \
    } else {                                                                                        \
      for (int l = 0; l < 32; ++l)                                                                  \
        for (int e = 0; e < ne; ++e)                                                                \
          printf("%s ldm %d lane %d e %d index %d\n", #K, L, l, e, int(lo[l * ne + e]) + 128 * int(hi[l * ne + e])); \
    }                                                                                               \
  } while (0)

int main(int argc, char** argv) {
  cudaMalloc(&out, 4097 * sizeof(float));
  if (argc > 1 && !strcmp(argv[1], "counters")) {
    EVERY(CALL_AB, CALL_ACC, COUNT);
  } else if (argc > 1 && !strcmp(argv[1], "order")) {
    EVERY(CALL_ORD_AB, CALL_ORD_ACC, ORDER);
  } else {
    printf("usage: %s counters|order\n", argv[0]);
    return 2;
  }
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("error: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
