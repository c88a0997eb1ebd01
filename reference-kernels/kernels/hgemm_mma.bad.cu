// Tensor-core fp16 GEMM (sm_80+): C = A x B with A (M x K) and B (K x N) __half row-major, C fp32
// row-major, on mma.sync.m16n8k16 (fp16 in, fp32 accumulate) fed by ldmatrix from shared tiles
// that a double-buffered cp.async pipeline fills.
// Block tile 128 x 128 x 32, 256 threads (8 warps as 2 x 4), warp tile 64 x 32: per k16 step a
// warp loads 4 A fragments (ldmatrix.x4, 16 x 16 each) and 2 pairs of B fragments
// (ldmatrix.x4.trans, 16 k x 16 n each) and issues 16 mma.
// Two stages: copy tile k+1 (cp.async, commit) / wait_group(1) / __syncthreads / compute tile k
// / __syncthreads, as in hgemm_cpasync.
// The tiles are stored as they lie in memory: smem_A rows of BK = 32 halves (64 bytes), smem_B
// rows of BN = 128 halves (256 bytes). An ldmatrix reads 8 rows of 16 bytes per 8x8 matrix: at a
// 64-byte stride rows 0, 2, 4, 6 fall in the same 4 banks (4 wavefronts per matrix instead of 1),
// at a 256-byte stride all 8 do (8 wavefronts). Padding each row by 8 halves (16 bytes, the
// smallest that keeps the 16-byte copies and ldmatrix rows aligned) gives strides of 80 and 272
// bytes, which put the 8 rows of a matrix in 8 different 16-byte bank groups.
// The copies are 16-byte cp.async.ca (LDGSTS.E.128). A warp's A copies read 8 rows of A, 64
// bytes each: 8 different 128-byte lines, which the .ca rule counts as 8 wavefronts against an
// ideal of 4 whatever the shared layout (docs/hardware-model.md); B's read 4 whole lines.
// Requires M % 128 == 0, N % 128 == 0, K % 32 == 0 (checked by the launcher).
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// Inline PTX in macros (not functions), so that -lineinfo attributes each LDGSTS, LDSM and HMMA
// to the kernel line that issues it.
#define CP_ASYNC_CA16(smem_ptr, gmem_ptr)                                                   \
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(                        \
                   static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr))),              \
               "l"(gmem_ptr)                                                                \
               : "memory")
#define CP_ASYNC_COMMIT_GROUP() asm volatile("cp.async.commit_group;\n" ::: "memory")
#define CP_ASYNC_WAIT_GROUP(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n) : "memory")
#define LDMATRIX_X4(r, smem_ptr)                                                            \
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"         \
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])                              \
               : "r"(static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr))))
#define LDMATRIX_X4_TRANS(r, smem_ptr)                                                      \
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"   \
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])                              \
               : "r"(static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr))))
#define MMA_M16N8K16(d, a, b0, b1)                                                          \
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, "       \
               "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"                            \
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                              \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1))

namespace REFK_VARIANT {

constexpr int BM = 128;
constexpr int BN = 128;
constexpr int BK = 32;  // in __half elements
constexpr int WM = 64;
constexpr int WN = 32;
constexpr int NUM_THREADS = 256;

__global__ void __launch_bounds__(NUM_THREADS)
hgemm_mma(int M, int N, int K, const __half* __restrict__ A, const __half* __restrict__ B,
          float* __restrict__ C) {
  __shared__ __align__(16) __half smem_A[2][BM][BK];
  __shared__ __align__(16) __half smem_B[2][BK][BN];

  const int tid = threadIdx.x;
  const int warp = tid / 32;
  const int lane = tid % 32;
  const int wm = (warp / 4) * WM;  // the warp's first row in the block tile
  const int wn = (warp % 4) * WN;  // and its first column

  // cp.async mapping: 16-byte chunks of 8 halves, two per thread and matrix.
  const int a_row = tid / 4;        // 0..63; the second copy is at a_row + 64
  const int a_col = (tid % 4) * 8;
  const int b_row = tid / 16;       // 0..15; the second copy is at b_row + 16
  const int b_col = (tid % 16) * 8;
  // ldmatrix rows: lanes 0-15 give rows 0-15 of the first 8 columns, lanes 16-31 of the next 8.
  const int ld_row = lane % 16;
  const int ld_col = (lane / 16) * 8;

  const __half* A_blk = A + (size_t)blockIdx.y * BM * K;
  const __half* B_blk = B + (size_t)blockIdx.x * BN;

  float acc[4][4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int c = 0; c < 4; ++c) acc[i][j][c] = 0.0f;

  CP_ASYNC_CA16(&smem_A[0][a_row][a_col], &A_blk[(size_t)a_row * K + a_col]);
  CP_ASYNC_CA16(&smem_A[0][a_row + 64][a_col], &A_blk[(size_t)(a_row + 64) * K + a_col]);
  CP_ASYNC_CA16(&smem_B[0][b_row][b_col], &B_blk[(size_t)b_row * N + b_col]);
  CP_ASYNC_CA16(&smem_B[0][b_row + 16][b_col], &B_blk[(size_t)(b_row + 16) * N + b_col]);
  CP_ASYNC_COMMIT_GROUP();

  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    if (k0 + BK < K) {
      const int next = stage ^ 1;
      const int k1 = k0 + BK;
      CP_ASYNC_CA16(&smem_A[next][a_row][a_col], &A_blk[(size_t)a_row * K + k1 + a_col]);
      CP_ASYNC_CA16(&smem_A[next][a_row + 64][a_col], &A_blk[(size_t)(a_row + 64) * K + k1 + a_col]);
      CP_ASYNC_CA16(&smem_B[next][b_row][b_col], &B_blk[(size_t)(k1 + b_row) * N + b_col]);
      CP_ASYNC_CA16(&smem_B[next][b_row + 16][b_col], &B_blk[(size_t)(k1 + b_row + 16) * N + b_col]);
    }
    CP_ASYNC_COMMIT_GROUP();
    CP_ASYNC_WAIT_GROUP(1);
    __syncthreads();

#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      unsigned a_frag[4][4];
      unsigned b_frag[2][4];  // [pair of n8 tiles]: b0, b1 of the first, b0, b1 of the second
#pragma unroll
      for (int i = 0; i < 4; ++i) LDMATRIX_X4(a_frag[i], &smem_A[stage][wm + i * 16 + ld_row][kk + ld_col]);
#pragma unroll
      for (int j = 0; j < 2; ++j) LDMATRIX_X4_TRANS(b_frag[j], &smem_B[stage][kk + ld_row][wn + j * 16 + ld_col]);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) MMA_M16N8K16(acc[i][j], a_frag[i], b_frag[j / 2][(j % 2) * 2], b_frag[j / 2][(j % 2) * 2 + 1]);
    }
    __syncthreads();
    stage ^= 1;
  }

  // The accumulators go straight to global memory: c0, c1 at row lane/4, c2, c3 eight rows below.
  float* C_blk = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int r = wm + i * 16 + lane / 4;
      const int c = wn + j * 8 + (lane % 4) * 2;
      *reinterpret_cast<float2*>(&C_blk[(size_t)r * N + c]) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(&C_blk[(size_t)(r + 8) * N + c]) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
}

cudaError_t launch_hgemm_mma(int M, int N, int K, const __half* A, const __half* B, float* C, cudaStream_t stream) {
  if (M % BM != 0 || N % BN != 0 || K % BK != 0) return cudaErrorInvalidValue;
  dim3 grid(N / BN, M / BM);
  dim3 block(NUM_THREADS);
  hgemm_mma<<<grid, block, 0, stream>>>(M, N, K, A, B, C);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT

#undef CP_ASYNC_CA16
#undef CP_ASYNC_COMMIT_GROUP
#undef CP_ASYNC_WAIT_GROUP
#undef LDMATRIX_X4
#undef LDMATRIX_X4_TRANS
#undef MMA_M16N8K16
