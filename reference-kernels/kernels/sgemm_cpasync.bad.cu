// cp.async double-buffered SGEMM (sm_80+), C = A x B, fp32 row-major, M x K times K x N.
// Block tile BM x BN = 128 x 128, BK = 16, 256 threads (8 warps as 4 x 2), warp tile 32 x 64,
// lanes as 4 x 8, each thread computes 8 x 8 outputs (rows m0+i and m0+16+i, columns n0+j and
// n0+32+j). Tiles are copied global -> shared with cp.async (16 bytes per copy, no register
// staging), two stages: while the block computes on one stage the next tile lands in the other.
//   prologue: copy tile 0 -> stage 0, commit
//   loop:     copy tile k+1 -> other stage, commit; wait_group(1) (tile k landed, tile k+1
//             may still be in flight); __syncthreads (every thread's copies visible);
//             compute on stage; __syncthreads (nobody reads the stage the next copy overwrites)
// A stays row-major in shared memory (smem_A[m][k]; cp.async cannot transpose), so a thread
// reads A as float4 along k: smem_A[m][kk..kk+3]. Each half-warp reads two rows 4 apart; with
// BK = 16 floats per row they fall into the same 4 banks: 4 wavefronts per LDS.128, not 2.
// 4 floats of padding per row (row stride 20 floats = 80 bytes, still 16-byte aligned for
// cp.async and float4) put them 16 banks apart. smem_B is read along a row by every lane.
// (The copies of A take 32 rows per warp; see docs/verification.md for their LDGSTS counts.)
// Requires M % 128 == 0, N % 128 == 0, K % 16 == 0 (checked by the launcher).
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

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
constexpr int BK = 16;
constexpr int WM = 32;  // warp tile rows
constexpr int WN = 64;  // warp tile columns
constexpr int NUM_THREADS = 256;

__global__ void __launch_bounds__(NUM_THREADS, 2)
sgemm_cpasync(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B,
              float* __restrict__ C) {
  __shared__ __align__(16) float smem_A[2][BM][BK];
  __shared__ __align__(16) float smem_B[2][BK][BN];

  const int tid = threadIdx.x;
  const int warp = tid / 32;
  const int lane = tid % 32;
  const int m0 = (warp / 2) * WM + (lane / 8) * 4;  // this thread's first row of C in the tile
  const int n0 = (warp % 2) * WN + (lane % 8) * 4;  // this thread's first column

  // cp.async mapping, two 16-byte copies per thread and matrix.
  // A tile (BM x BK): a warp copies one 4-float column slice of 32 consecutive rows.
  const int a_row = tid % BM;
  const int a_col = (tid / BM) * 4;  // 0 or 4; the second copy is at a_col + 8
  // B tile (BK x BN): a warp copies one 128-float row.
  const int b_row = tid / (BN / 4);  // 0..7; the second copy is at b_row + 8
  const int b_col = (tid % (BN / 4)) * 4;

  const float* A_blk = A + (size_t)blockIdx.y * BM * K;
  const float* B_blk = B + (size_t)blockIdx.x * BN;

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  // prologue: tile 0 -> stage 0
  CP_ASYNC_CG16(&smem_A[0][a_row][a_col], &A_blk[(size_t)a_row * K + a_col]);
  CP_ASYNC_CG16(&smem_A[0][a_row][a_col + 8], &A_blk[(size_t)a_row * K + a_col + 8]);
  CP_ASYNC_CG16(&smem_B[0][b_row][b_col], &B_blk[(size_t)b_row * N + b_col]);
  CP_ASYNC_CG16(&smem_B[0][b_row + 8][b_col], &B_blk[(size_t)(b_row + 8) * N + b_col]);
  CP_ASYNC_COMMIT_GROUP();

  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    if (k0 + BK < K) {  // tile k+1 -> the other stage
      const int next = stage ^ 1;
      const int k1 = k0 + BK;
      CP_ASYNC_CG16(&smem_A[next][a_row][a_col], &A_blk[(size_t)a_row * K + k1 + a_col]);
      CP_ASYNC_CG16(&smem_A[next][a_row][a_col + 8], &A_blk[(size_t)a_row * K + k1 + a_col + 8]);
      CP_ASYNC_CG16(&smem_B[next][b_row][b_col], &B_blk[(size_t)(k1 + b_row) * N + b_col]);
      CP_ASYNC_CG16(&smem_B[next][b_row + 8][b_col], &B_blk[(size_t)(k1 + b_row + 8) * N + b_col]);
    }
    CP_ASYNC_COMMIT_GROUP();  // an empty group on the last tile keeps the count uniform
    CP_ASYNC_WAIT_GROUP(1);  // all but the newest group done: tile k is in smem
    __syncthreads();

#pragma unroll
    for (int kk = 0; kk < BK; kk += 4) {
      float a_frag[8][4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        *reinterpret_cast<float4*>(a_frag[i]) = *reinterpret_cast<const float4*>(&smem_A[stage][m0 + i][kk]);
        *reinterpret_cast<float4*>(a_frag[i + 4]) = *reinterpret_cast<const float4*>(&smem_A[stage][m0 + 16 + i][kk]);
      }
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        float b_frag[8];
        *reinterpret_cast<float4*>(&b_frag[0]) = *reinterpret_cast<const float4*>(&smem_B[stage][kk + k][n0]);
        *reinterpret_cast<float4*>(&b_frag[4]) = *reinterpret_cast<const float4*>(&smem_B[stage][kk + k][n0 + 32]);
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
          for (int j = 0; j < 8; ++j) acc[i][j] += a_frag[i][k] * b_frag[j];
      }
    }
    __syncthreads();  // stage is refilled by the copies issued in the next iteration
    stage ^= 1;
  }

  float* C_blk = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int r = m0 + (i < 4 ? i : 16 + i - 4);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0]) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0 + 32]) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

cudaError_t launch_sgemm_cpasync(int M, int N, int K, const float* A, const float* B, float* C,
                                 cudaStream_t stream) {
  if (M % BM != 0 || N % BN != 0 || K % BK != 0) return cudaErrorInvalidValue;
  dim3 grid(N / BN, M / BM);
  dim3 block(NUM_THREADS);
  sgemm_cpasync<<<grid, block, 0, stream>>>(M, N, K, A, B, C);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT

#undef CP_ASYNC_CG16
#undef CP_ASYNC_COMMIT_GROUP
#undef CP_ASYNC_WAIT_GROUP
