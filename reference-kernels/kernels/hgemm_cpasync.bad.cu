// cp.async double-buffered fp16 GEMM tile loop on CUDA cores (sm_80+): C = A x B with A
// (M x K) and B (K x N) __half row-major, C fp32 row-major. Products are summed in __half2
// (HFMA2, two columns per instruction) over one BK = 32 tile, then added to fp32 accumulators,
// so the rounding error stays at fp16's over 32 terms whatever K is.
// Block tile 128 x 128, 256 threads (8 warps as 4 x 2), warp tile 32 x 64, lanes as 4 x 8;
// each thread owns rows m0+i and m0+16+i (i < 4) and 8 consecutive columns n0..n0+7.
// Two stages: copy tile k+1 (cp.async, commit) / wait_group(1) / __syncthreads / compute tile k
// / __syncthreads, as in sgemm_cpasync.
// smem_A is row-major ([m][k], 32 halves = 64 bytes per row). A thread reads 8 halves of k for
// one row as a 16-byte vector; a half-warp reads two rows 4 apart, 256 bytes apart: the same
// banks, 4 wavefronts per LDS.128 instead of 2. Padding a row by 8 halves (16 bytes: the
// smallest that keeps the 16-byte copies and reads aligned) gives a row stride of 80 bytes and
// puts the two rows 16 banks apart. smem_B is read along a row by every lane.
// Requires M % 128 == 0, N % 128 == 0, K % 32 == 0 (checked by the launcher).
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// cp.async through inline PTX in macros (not functions, and not __pipeline_memcpy_async, whose
// body lives in a CUDA header), so that each copy's LDGSTS is attributed by -lineinfo to the
// kernel line that issues it. 16-byte copies, .cg: cached in L2 only.
#define CP_ASYNC_CG16(smem_ptr, gmem_ptr)                                                   \
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(                        \
                   static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr))),              \
               "l"(gmem_ptr)                                                                \
               : "memory")
#define CP_ASYNC_COMMIT_GROUP() asm volatile("cp.async.commit_group;\n" ::: "memory")
#define CP_ASYNC_WAIT_GROUP(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n) : "memory")

namespace REFK_VARIANT {

constexpr int BM = 128;
constexpr int BN = 128;
constexpr int BK = 32;  // in __half elements
constexpr int WM = 32;
constexpr int WN = 64;
constexpr int NUM_THREADS = 256;

__global__ void __launch_bounds__(NUM_THREADS)
hgemm_cpasync(int M, int N, int K, const __half* __restrict__ A, const __half* __restrict__ B,
              float* __restrict__ C) {
  __shared__ __align__(16) __half smem_A[2][BM][BK];
  __shared__ __align__(16) __half smem_B[2][BK][BN];

  const int tid = threadIdx.x;
  const int warp = tid / 32;
  const int lane = tid % 32;
  const int m0 = (warp / 2) * WM + (lane / 8) * 4;
  const int n0 = (warp % 2) * WN + (lane % 8) * 8;

  // cp.async mapping: 16-byte chunks of 8 halves, two per thread and matrix.
  const int a_row = tid % BM;        // a warp copies one 8-half column slice of 32 rows
  const int a_col = (tid / BM) * 8;  // 0 or 8; the second copy is at a_col + 16
  const int b_row = tid / (BN / 8);  // 0..15; the second copy is at b_row + 16
  const int b_col = (tid % (BN / 8)) * 8;

  const __half* A_blk = A + (size_t)blockIdx.y * BM * K;
  const __half* B_blk = B + (size_t)blockIdx.x * BN;

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  CP_ASYNC_CG16(&smem_A[0][a_row][a_col], &A_blk[(size_t)a_row * K + a_col]);
  CP_ASYNC_CG16(&smem_A[0][a_row][a_col + 16], &A_blk[(size_t)a_row * K + a_col + 16]);
  CP_ASYNC_CG16(&smem_B[0][b_row][b_col], &B_blk[(size_t)b_row * N + b_col]);
  CP_ASYNC_CG16(&smem_B[0][b_row + 16][b_col], &B_blk[(size_t)(b_row + 16) * N + b_col]);
  CP_ASYNC_COMMIT_GROUP();

  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    if (k0 + BK < K) {
      const int next = stage ^ 1;
      const int k1 = k0 + BK;
      CP_ASYNC_CG16(&smem_A[next][a_row][a_col], &A_blk[(size_t)a_row * K + k1 + a_col]);
      CP_ASYNC_CG16(&smem_A[next][a_row][a_col + 16], &A_blk[(size_t)a_row * K + k1 + a_col + 16]);
      CP_ASYNC_CG16(&smem_B[next][b_row][b_col], &B_blk[(size_t)(k1 + b_row) * N + b_col]);
      CP_ASYNC_CG16(&smem_B[next][b_row + 16][b_col], &B_blk[(size_t)(k1 + b_row + 16) * N + b_col]);
    }
    CP_ASYNC_COMMIT_GROUP();
    CP_ASYNC_WAIT_GROUP(1);
    __syncthreads();

    __half2 hacc[8][4];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) hacc[i][j] = __float2half2_rn(0.0f);

#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      __half2 a_frag[8][4];  // row i, halves kk+2p and kk+2p+1
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        *reinterpret_cast<uint4*>(a_frag[i]) = *reinterpret_cast<const uint4*>(&smem_A[stage][m0 + i][kk]);
        *reinterpret_cast<uint4*>(a_frag[i + 4]) = *reinterpret_cast<const uint4*>(&smem_A[stage][m0 + 16 + i][kk]);
      }
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        __half2 b_frag[4];  // columns n0+2j, n0+2j+1
        *reinterpret_cast<uint4*>(b_frag) = *reinterpret_cast<const uint4*>(&smem_B[stage][kk + k][n0]);
#pragma unroll
        for (int i = 0; i < 8; ++i) {
          const __half2 a2 = (k % 2 == 0) ? __low2half2(a_frag[i][k / 2]) : __high2half2(a_frag[i][k / 2]);
#pragma unroll
          for (int j = 0; j < 4; ++j) hacc[i][j] = __hfma2(a2, b_frag[j], hacc[i][j]);
        }
      }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const float2 f = __half22float2(hacc[i][j]);
        acc[i][2 * j] += f.x;
        acc[i][2 * j + 1] += f.y;
      }
    __syncthreads();
    stage ^= 1;
  }

  float* C_blk = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int r = m0 + (i < 4 ? i : 16 + i - 4);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0]) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0 + 4]) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

cudaError_t launch_hgemm_cpasync(int M, int N, int K, const __half* A, const __half* B, float* C,
                                 cudaStream_t stream) {
  if (M % BM != 0 || N % BN != 0 || K % BK != 0) return cudaErrorInvalidValue;
  dim3 grid(N / BN, M / BM);
  dim3 block(NUM_THREADS);
  hgemm_cpasync<<<grid, block, 0, stream>>>(M, N, K, A, B, C);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT

#undef CP_ASYNC_CG16
#undef CP_ASYNC_COMMIT_GROUP
#undef CP_ASYNC_WAIT_GROUP
