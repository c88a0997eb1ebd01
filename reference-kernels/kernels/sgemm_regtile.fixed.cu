// Register-tiled SGEMM, C = A x B, fp32 row-major, M x K times K x N.
// Block tile BM x BN = 128 x 128, BK = 8, 256 threads, each thread computes an 8x8 block of C
// (two 4x4 sub-blocks in each direction, so its shared-memory reads are float4 broadcasts).
// A is stored TRANSPOSED in shared memory (As[k][m]) so that a thread reads its 8 values of
// A for one k as two float4. Global loads are float4: thread t reads A[row t/2][4 cols at
// (t%2)*4] and scatters the 4 floats down a column of As. That transposing store is where
// the conflict is: lanes 2i and 2i+1 write k-rows c and c+4 of the same m column; with
// BM = 128 floats per k-row those two words are in the same bank (2-way). A padding of 4
// floats moves k-row c+4 by 16 banks and keeps every float4 read of As 16-byte aligned.
// Requires M % 128 == 0, N % 128 == 0, K % 8 == 0 (checked by the launcher).
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

namespace REFK_VARIANT {

constexpr int BM = 128;
constexpr int BN = 128;
constexpr int BK = 8;
constexpr int TM = 8;
constexpr int TN = 8;
constexpr int NUM_THREADS = (BM / TM) * (BN / TN);  // 256

__global__ void __launch_bounds__(NUM_THREADS)
sgemm_regtile(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B,
              float* __restrict__ C) {
  __shared__ __align__(16) float As[BK][BM + 4];
  __shared__ __align__(16) float Bs[BK][BN];

  const int tid = threadIdx.x;
  const int tx = tid % 16;  // column group of C
  const int ty = tid / 16;  // row group of C
  // global -> shared mapping
  const int a_row = tid / 2;         // 0..127
  const int a_col = (tid % 2) * 4;   // 0 or 4
  const int b_row = tid / 32;        // 0..7
  const int b_col = (tid % 32) * 4;  // 0..124

  const float* A_blk = A + (size_t)blockIdx.y * BM * K;
  const float* B_blk = B + (size_t)blockIdx.x * BN;

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.0f;

  float a_frag[TM];
  float b_frag[TN];

  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 a4 = *reinterpret_cast<const float4*>(&A_blk[(size_t)a_row * K + k0 + a_col]);
    const float4 b4 = *reinterpret_cast<const float4*>(&B_blk[(size_t)(k0 + b_row) * N + b_col]);
    As[a_col + 0][a_row] = a4.x;
    As[a_col + 1][a_row] = a4.y;
    As[a_col + 2][a_row] = a4.z;
    As[a_col + 3][a_row] = a4.w;
    *reinterpret_cast<float4*>(&Bs[b_row][b_col]) = b4;
    __syncthreads();

#pragma unroll
    for (int k = 0; k < BK; ++k) {
      *reinterpret_cast<float4*>(&a_frag[0]) = *reinterpret_cast<const float4*>(&As[k][ty * 4]);
      *reinterpret_cast<float4*>(&a_frag[4]) = *reinterpret_cast<const float4*>(&As[k][ty * 4 + 64]);
      *reinterpret_cast<float4*>(&b_frag[0]) = *reinterpret_cast<const float4*>(&Bs[k][tx * 4]);
      *reinterpret_cast<float4*>(&b_frag[4]) = *reinterpret_cast<const float4*>(&Bs[k][tx * 4 + 64]);
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += a_frag[i] * b_frag[j];
    }
    __syncthreads();
  }

  // C rows: ty*4 + i and 64 + ty*4 + i; columns: tx*4 .. +3 and 64 + tx*4 .. +3
  float* C_blk = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int r = (i < 4) ? (ty * 4 + i) : (64 + ty * 4 + i - 4);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + tx * 4]) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + 64 + tx * 4]) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

cudaError_t launch_sgemm_regtile(int M, int N, int K, const float* A, const float* B, float* C,
                                 cudaStream_t stream) {
  if (M % BM != 0 || N % BN != 0 || K % BK != 0) return cudaErrorInvalidValue;
  dim3 grid(N / BN, M / BM);
  sgemm_regtile<<<grid, dim3(256), 0, stream>>>(M, N, K, A, B, C);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
