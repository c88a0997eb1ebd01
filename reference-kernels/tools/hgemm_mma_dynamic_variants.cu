// Design probe for a deeper tensor-core reference GEMM: the mma.sync + ldmatrix + cp.async
// structure of kernels/hgemm_mma.*.cu, but with its tiles carved out of dynamic shared memory
// (past the 48 KB of static memory), 3-4 pipeline stages, 64 x 64 warp tiles, the next k16 step's
// fragments loaded while the current one multiplies, and blocks rasterized in groups of columns
// for L2 reuse. Timed at 4096^3 against cuBLAS (cublasGemmEx, fp16 in, fp32 out and compute) and
// checked against it. PAD is the row padding in halves (0: the unpadded "bad" layout).
//   nvcc -arch=sm_90 -O3 -std=c++17 -o hdv hgemm_mma_dynamic_variants.cu -lcublas && ./hdv
#include "hgemm_probe_harness.h"

template <int BM, int BN, int BK, int PAD>
constexpr size_t stageBytes() {
  return sizeof(__half) * (BM * (BK + PAD) + BK * (BN + PAD));
}

template <int BM, int BN, int BK, int STAGES, int WARPS_M, int WARPS_N, int PAD, int MIN_BLOCKS, bool CG, int GROUP, bool FREE = false>
__global__ void __launch_bounds__(32 * WARPS_M * WARPS_N, MIN_BLOCKS)
gemm(int M, int N, int K, const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C) {
  constexpr int T = 32 * WARPS_M * WARPS_N;
  constexpr int WM = BM / WARPS_M, WN = BN / WARPS_N;
  constexpr int MT = WM / 16, NT = WN / 8;
  constexpr int LDA = BK + PAD, LDB = BN + PAD;
  extern __shared__ __align__(16) __half dyn[];
  __half* sA = dyn;                                 // [STAGES][BM][LDA]
  __half* sB = dyn + STAGES * BM * LDA;             // [STAGES][BK][LDB]
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int wm = (warp / WARPS_N) * WM, wn = (warp % WARPS_N) * WN;
  // Rasterization: GROUP block rows walk the columns together, so their B tiles stay in L2.
  const int tilesN = N / BN, linear = blockIdx.x;
  const int group = linear / (GROUP * tilesN), first = group * GROUP;
  const int rows = min(GROUP, M / BM - first);
  const int by = first + (linear % (GROUP * tilesN)) % rows, bx = (linear % (GROUP * tilesN)) / rows;
  const __half* Ab = A + (size_t)by * BM * K;
  const __half* Bb = B + (size_t)bx * BN;
  auto load = [&](int stage, int k0) {
    __half* a = sA + stage * BM * LDA;
    __half* b = sB + stage * BK * LDB;
#pragma unroll
    for (int n = 0; n < BM * BK / 8 / T; ++n) {  // a constant trip count: fully unrolled
      const int c = tid + n * T;
      const int r = c / (BK / 8), col = (c % (BK / 8)) * 8;
      if (CG)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem(a + r * LDA + col)), "l"(&Ab[(size_t)r * K + k0 + col]));
      else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem(a + r * LDA + col)), "l"(&Ab[(size_t)r * K + k0 + col]));
    }
#pragma unroll
    for (int n = 0; n < BK * BN / 8 / T; ++n) {
      const int c = tid + n * T;
      const int r = c / (BN / 8), col = (c % (BN / 8)) * 8;
      if (CG)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem(b + r * LDB + col)), "l"(&Bb[(size_t)(k0 + r) * N + col]));
      else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem(b + r * LDB + col)), "l"(&Bb[(size_t)(k0 + r) * N + col]));
    }
  };
  auto fragments = [&](int st, int kk, unsigned (&a)[MT][4], unsigned (&b)[NT / 2][4]) {
    const __half* as = sA + st * BM * LDA;
    const __half* bs = sB + st * BK * LDB;
#pragma unroll
    for (int i = 0; i < MT; ++i)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                   : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
                   : "r"(smem(as + (wm + i * 16 + lane % 16) * LDA + kk + (lane / 16) * 8)));
#pragma unroll
    for (int j = 0; j < NT / 2; ++j)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                   : "=r"(b[j][0]), "=r"(b[j][1]), "=r"(b[j][2]), "=r"(b[j][3])
                   : "r"(smem(bs + (kk + lane % 16) * LDB + wn + j * 16 + (lane / 16) * 8)));
  };
  float acc[MT][NT][4] = {};
  const int tiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s * BK);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  unsigned a[2][MT][4], b[2][NT / 2][4];
  for (int t = 0; t < tiles; ++t) {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
    __syncthreads();
    const int next = t + STAGES - 1;
    if (next < tiles) load(next % STAGES, next * BK);
    asm volatile("cp.async.commit_group;\n" ::);
    const int st = t % STAGES;
    fragments(st, 0, a[0], b[0]);
#pragma unroll
    for (int ks = 0; ks < BK / 16; ++ks) {
      if (ks + 1 < BK / 16) fragments(st, (ks + 1) * 16, a[(ks + 1) % 2], b[(ks + 1) % 2]);
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j)
          if (FREE)
            asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                : "r"(a[ks % 2][i][0]), "r"(a[ks % 2][i][1]), "r"(a[ks % 2][i][2]), "r"(a[ks % 2][i][3]),
                  "r"(b[ks % 2][j / 2][(j % 2) * 2]), "r"(b[ks % 2][j / 2][(j % 2) * 2 + 1]));
          else
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                         : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                         : "r"(a[ks % 2][i][0]), "r"(a[ks % 2][i][1]), "r"(a[ks % 2][i][2]), "r"(a[ks % 2][i][3]),
                           "r"(b[ks % 2][j / 2][(j % 2) * 2]), "r"(b[ks % 2][j / 2][(j % 2) * 2 + 1]));
    }
  }
  float* Cb = C + (size_t)by * BM * N + (size_t)bx * BN;
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      const int r = wm + i * 16 + lane / 4, c = wn + j * 8 + (lane % 4) * 2;
      *reinterpret_cast<float2*>(&Cb[(size_t)r * N + c]) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(&Cb[(size_t)(r + 8) * N + c]) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
}

template <int BM, int BN, int BK, int STAGES, int WM_, int WN_, int PAD, int MINB, bool CG, int GROUP, bool FREE = false>
void variant(const char* name) {
  constexpr size_t bytes = STAGES * stageBytes<BM, BN, BK, PAD>();
  auto kernel = gemm<BM, BN, BK, STAGES, WM_, WN_, PAD, MINB, CG, GROUP, FREE>;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
  dim3 grid((N / BN) * (M / BM)), block(32 * WM_ * WN_);
  auto run = [&] { kernel<<<grid, block, bytes>>>(M, N, K, dA, dB, dC); };
  const double err = relativeError(run);
  int perSm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, 32 * WM_ * WN_, bytes));
  const float ms = timeIt(run);
  const double gf = 2.0 * M * N * K / (ms * 1e6);
  std::printf("%-52s smem %6zu B  %d/SM  %.4f ms  %8.0f GFLOP/s  %5.1f%% of cuBLAS  rel.err %.1e\n", name, bytes, perSm, ms, gf,
              100 * gf / cublasGflops, err);
}

int main() {
  setUpProblem();
  // Rounds 1 and 2 (raw/experiments/hgemm-mma-dynamic-variants.txt) put 128x128x64 with 4 warps
  // and 2 blocks per SM first, at 43.5-44.5% of cuBLAS; round 3 unrolls the copy loops fully.
  //      BM   BN  BK  ST WM WN PAD MINB CG  GROUP FREE
  variant<128, 128, 64, 2, 2, 2, 8, 2, true, 8, true>("128x128x64 2st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 128, 64, 3, 2, 2, 8, 2, true, 8, true>("128x128x64 3st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 128, 64, 3, 2, 2, 0, 2, true, 8, true>("128x128x64 3st 4w 64x64 pad0 cg g8 2/SM free");
  variant<128, 128, 32, 4, 2, 2, 8, 2, true, 8, true>("128x128x32 4st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 256, 32, 3, 2, 4, 8, 1, true, 8, true>("128x256x32 3st 8w 64x64 pad8 cg g8 free");
  variant<128, 256, 64, 3, 2, 4, 8, 1, true, 8, true>("128x256x64 3st 8w 64x64 pad8 cg g8 free");
  // Round 4: smaller warp tiles (64 x 32), more warps per SM.
  variant<128, 128, 32, 4, 2, 4, 8, 2, true, 8, true>("128x128x32 4st 8w 64x32 pad8 cg g8 2/SM free");
  variant<128, 128, 64, 3, 2, 4, 8, 2, true, 8, true>("128x128x64 3st 8w 64x32 pad8 cg g8 2/SM free");
  variant<128, 64, 32, 4, 2, 2, 8, 3, true, 8, true>("128x64x32 4st 4w 64x32 pad8 cg g8 3/SM free");
  variant<128, 64, 64, 3, 2, 2, 8, 3, true, 8, true>("128x64x64 3st 4w 64x32 pad8 cg g8 3/SM free");
  variant<64, 128, 32, 4, 1, 4, 8, 3, true, 8, true>("64x128x32 4st 4w 64x32 pad8 cg g8 3/SM free");
  return 0;
}
