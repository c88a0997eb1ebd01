// Design probe for the tensor-core reference GEMM (kernels/hgemm_mma.*.cu): the same mma.sync +
// ldmatrix + cp.async.ca structure over tile depth BK, pipeline stages, warp layout and row
// padding, timed at 4096^3 against cuBLAS (cublasGemmEx, fp16 in, fp32 out and compute) and
// checked against it. Static shared memory only (48 KB), as the reference kernels use.
//   nvcc -arch=sm_90 -O3 -std=c++17 -o hv hgemm_mma_variants.cu -lcublas && ./hv
#include "hgemm_probe_harness.h"

template <int BM, int BN, int BK, int STAGES, int WARPS_M, int WARPS_N, int PAD>
__global__ void __launch_bounds__(32 * WARPS_M * WARPS_N)
gemm(int M, int N, int K, const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C) {
  constexpr int T = 32 * WARPS_M * WARPS_N;
  constexpr int WM = BM / WARPS_M, WN = BN / WARPS_N;
  constexpr int MT = WM / 16, NT = WN / 8;
  __shared__ __align__(16) __half sA[STAGES][BM][BK + PAD];
  __shared__ __align__(16) __half sB[STAGES][BK][BN + PAD];
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int wm = (warp / WARPS_N) * WM, wn = (warp % WARPS_N) * WN;
  const __half* Ab = A + (size_t)blockIdx.y * BM * K;
  const __half* Bb = B + (size_t)blockIdx.x * BN;
  auto load = [&](int stage, int k0) {
#pragma unroll
    for (int c = tid; c < BM * BK / 8; c += T) {
      const int r = c / (BK / 8), col = (c % (BK / 8)) * 8;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem(&sA[stage][r][col])), "l"(&Ab[(size_t)r * K + k0 + col]));
    }
#pragma unroll
    for (int c = tid; c < BK * BN / 8; c += T) {
      const int r = c / (BN / 8), col = (c % (BN / 8)) * 8;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem(&sB[stage][r][col])), "l"(&Bb[(size_t)(k0 + r) * N + col]));
    }
  };
  float acc[MT][NT][4] = {};
  const int tiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s * BK);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int t = 0; t < tiles; ++t) {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
    __syncthreads();
    const int next = t + STAGES - 1;
    if (next < tiles) load(next % STAGES, next * BK);
    asm volatile("cp.async.commit_group;\n" ::);
    const int st = t % STAGES;
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      unsigned a[MT][4], b[NT / 2][4];
#pragma unroll
      for (int i = 0; i < MT; ++i)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
                     : "r"(smem(&sA[st][wm + i * 16 + lane % 16][kk + (lane / 16) * 8])));
#pragma unroll
      for (int j = 0; j < NT / 2; ++j)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(b[j][0]), "=r"(b[j][1]), "=r"(b[j][2]), "=r"(b[j][3])
                     : "r"(smem(&sB[st][kk + lane % 16][wn + j * 16 + (lane / 16) * 8])));
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                       : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                       : "r"(a[i][0]), "r"(a[i][1]), "r"(a[i][2]), "r"(a[i][3]), "r"(b[j / 2][(j % 2) * 2]),
                         "r"(b[j / 2][(j % 2) * 2 + 1]));
    }
  }
  float* Cb = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      const int r = wm + i * 16 + lane / 4, c = wn + j * 8 + (lane % 4) * 2;
      *reinterpret_cast<float2*>(&Cb[(size_t)r * N + c]) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(&Cb[(size_t)(r + 8) * N + c]) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
}

template <int BM, int BN, int BK, int STAGES, int WM_, int WN_, int PAD>
void variant(const char* name) {
  dim3 grid(N / BN, M / BM), block(32 * WM_ * WN_);
  auto run = [&] { gemm<BM, BN, BK, STAGES, WM_, WN_, PAD><<<grid, block>>>(M, N, K, dA, dB, dC); };
  const double err = relativeError(run);
  const float ms = timeIt(run);
  const double gf = 2.0 * M * N * K / (ms * 1e6);
  std::printf("%-40s smem %6zu B  %.4f ms  %8.0f GFLOP/s  %5.1f%% of cuBLAS  rel.err %.1e\n", name,
              sizeof(__half) * STAGES * (BM * (BK + PAD) + BK * (BN + PAD)), ms, gf, 100 * gf / cublasGflops,
              err);
}

int main() {
  setUpProblem();
  variant<128, 128, 32, 2, 2, 4, 8>("128x128x32 2 stages 8 warps 64x32 pad8");
  variant<128, 128, 32, 2, 2, 4, 0>("128x128x32 2 stages 8 warps 64x32 pad0");
  variant<128, 128, 32, 2, 2, 2, 8>("128x128x32 2 stages 4 warps 64x64 pad8");
  variant<128, 128, 16, 4, 2, 4, 8>("128x128x16 4 stages 8 warps 64x32 pad8");
  variant<128, 128, 16, 4, 2, 2, 8>("128x128x16 4 stages 4 warps 64x64 pad8");
  variant<128, 128, 16, 3, 2, 4, 8>("128x128x16 3 stages 8 warps 64x32 pad8");

  variant<256, 128, 16, 2, 4, 2, 8>("256x128x16 2 stages 8 warps 64x64 pad8");
  variant<128, 256, 16, 2, 2, 4, 8>("128x256x16 2 stages 8 warps 64x64 pad8");
  variant<64, 128, 32, 3, 2, 2, 8>("64x128x32 3 stages 4 warps 32x64 pad8");
  return 0;
}
