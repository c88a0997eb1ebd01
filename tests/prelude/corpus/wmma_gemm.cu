// Tensor-core GEMM with the WMMA API: fp16 A/B tiles staged in shared memory with a skew to
// avoid bank conflicts on load_matrix_sync, fp32 accumulators stored back through shared memory.
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

constexpr int WMMA_M = 16, WMMA_N = 16, WMMA_K = 16;
constexpr int BM = 64, BN = 64, BK = 32;
constexpr int SKEW = 8;  // halves

__global__ void __launch_bounds__(128) wmma_gemm(const __half* __restrict__ A, const __half* __restrict__ B,
                                                 float* __restrict__ C, int M, int N, int K) {
  __shared__ __half As[BM][BK + SKEW];
  __shared__ __half Bs[BK][BN + SKEW];
  __shared__ float Cs[BM][BN + 4];

  const int warp_id = threadIdx.x / 32;  // 4 warps, 2 x 2
  const int wm = warp_id / 2, wn = warp_id % 2;

  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) {
      int r = i / BK, c = i % BK;
      As[r][c] = A[(blockIdx.y * BM + r) * K + k0 + c];
    }
    for (int i = threadIdx.x; i < BK * BN; i += blockDim.x) {
      int r = i / BN, c = i % BN;
      Bs[r][c] = B[(k0 + r) * N + blockIdx.x * BN + c];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; kk += WMMA_K) {
      wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, __half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, __half, wmma::row_major> b[2];
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[wm * 32 + i * 16][kk], BK + SKEW);
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], BN + SKEW);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&Cs[wm * 32 + i * 16][wn * 32 + j * 16], acc[i][j], BN + 4, wmma::mem_row_major);
  __syncthreads();
  for (int i = threadIdx.x; i < BM * BN; i += blockDim.x) {
    int r = i / BN, c = i % BN;
    if (blockIdx.y * BM + r < M && blockIdx.x * BN + c < N) C[(blockIdx.y * BM + r) * N + blockIdx.x * BN + c] = Cs[r][c];
  }
}

__global__ void wmma_tf32_and_int8(const float* a, const float* b, float* c, const signed char* ia,
                                   const signed char* ib, int* ic) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  for (int t = 0; t < fa.num_elements; t++) fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
  wmma::fill_fragment(fc, 0.0f);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_col_major);

  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> ja;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> jb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> jc;
  wmma::load_matrix_sync(ja, ia, 16);
  wmma::load_matrix_sync(jb, ib, 16);
  wmma::fill_fragment(jc, 0);
  wmma::mma_sync(jc, ja, jb, jc);
  wmma::store_matrix_sync(ic, jc, 16, wmma::mem_row_major);
}

void launch_wmma(const __half* A, const __half* B, float* C, int M, int N, int K) {
  wmma_gemm<<<dim3(N / BN, M / BM), dim3(128)>>>(A, B, C, M, N, K);
}
