// Design probe for a deeper tensor-core reference GEMM: the mma.sync + ldmatrix + cp.async
// structure of kernels/hgemm_mma.*.cu, but with its tiles carved out of dynamic shared memory
// (past the 48 KB of static memory), 3-4 pipeline stages, 64 x 64 warp tiles, the next k16 step's
// fragments loaded while the current one multiplies, and blocks rasterized in groups of columns
// for L2 reuse. Timed at 4096^3 against cuBLAS (cublasGemmEx, fp16 in, fp32 out and compute) and
// checked against it. PAD is the row padding in halves (0: the unpadded "bad" layout). gemm2
// (round 5) is the same design with the address arithmetic taken out of the main loop; its
// 128x256x64 8-warp form is the first past 50% of cuBLAS (55-57% in rounds 5 and 6).
// An optional argument runs only the variants whose name contains it (e.g. under ncu).
//   nvcc -arch=sm_90 -O3 -std=c++17 -lineinfo -o hdv hgemm_mma_dynamic_variants.cu -lcublas && ./hdv [filter]
#include "hgemm_probe_harness.h"

#include <cstring>

template <int BM, int BN, int BK, int PAD>
constexpr size_t stageBytes() {
  return sizeof(__half) * (BM * (BK + PAD) + BK * (BN + PAD));
}

// A warp's m16n8 accumulators straight to C (row stride ldc): c0, c1 at row lane / 4, c2, c3
// eight rows below.
template <int MT, int NT>
__device__ __forceinline__ void storeAccumulators(float* Cb, int ldc, int wm, int wn, int lane, const float (&acc)[MT][NT][4]) {
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      const int r = wm + i * 16 + lane / 4, c = wn + j * 8 + (lane % 4) * 2;
      *reinterpret_cast<float2*>(&Cb[(size_t)r * ldc + c]) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(&Cb[(size_t)(r + 8) * ldc + c]) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
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
  storeAccumulators(C + (size_t)by * BM * N + (size_t)bx * BN, N, wm, wn, lane, acc);
}

// Round 5: the same tiles and instructions, restructured so the main loop is mostly HMMA. Every
// copy and ldmatrix address is a per-thread base plus a compile-time offset (global pointers step
// one tile at a time, the stage is a rotating byte offset); CONSTK makes the row strides the
// harness's compile-time 4096 (ptxas still forms a 64-bit address per copy). The barrier
// sits before the last k16 step of a tile, so the next tile's first fragments load while that
// step multiplies. SPLIT spreads a stage's copies over the k16 steps instead of one burst; SNAKE
// walks j back and forth so consecutive HMMAs share an A or a B operand. Rows padded by 8 halves.
template <int BM, int BN, int BK, int STAGES, int WARPS_M, int WARPS_N, int MINB, int GROUP, bool CONSTK, bool SPLIT, bool SNAKE>
__global__ void __launch_bounds__(32 * WARPS_M * WARPS_N, MINB)
gemm2(int M_, int N_, int K_, const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C) {
  const int Md = CONSTK ? M : M_, Nd = CONSTK ? N : N_, Kd = CONSTK ? K : K_;
  constexpr int T = 32 * WARPS_M * WARPS_N, WM = BM / WARPS_M, WN = BN / WARPS_N, MT = WM / 16, NT = WN / 8, KS = BK / 16;
  constexpr int LDA = BK + 8, LDB = BN + 8, A_BYTES = BM * LDA * 2, STAGE = A_BYTES + BK * LDB * 2;
  constexpr int ACH = BK / 8, BCH = BN / 8;             // 16-byte chunks per A row, per B row
  constexpr int AN = BM * ACH / T, BNC = BK * BCH / T;  // copies per thread and stage
  constexpr int AROWS = T / ACH, BROWS = T / BCH;       // rows between one thread's copies
  constexpr int PARTS = SPLIT && KS > 1 ? KS - 1 : 1, PER = (AN + BNC + PARTS - 1) / PARTS;
  static_assert(KS % 2 == 0 && AN * T == BM * ACH && BNC * T == BK * BCH, "shape");
  extern __shared__ __align__(16) __half dyn[];
  const unsigned base = smem(dyn);  // stage s: A tile at s * STAGE, B tile right after it
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int wm = (warp / WARPS_N) * WM, wn = (warp % WARPS_N) * WN;
  const int tilesN = Nd / BN, linear = blockIdx.x;
  const int group = linear / (GROUP * tilesN), first = group * GROUP;
  const int rows = min(GROUP, Md / BM - first);
  const int by = first + (linear % (GROUP * tilesN)) % rows, bx = (linear % (GROUP * tilesN)) / rows;
  const char* gA = reinterpret_cast<const char*>(A + (size_t)(by * BM + tid / ACH) * Kd + (tid % ACH) * 8);
  const char* gB = reinterpret_cast<const char*>(B + (size_t)(tid / BCH) * Nd + bx * BN + (tid % BCH) * 8);
  const size_t aStep = (size_t)AROWS * Kd * 2, bStep = (size_t)BROWS * Nd * 2, bTile = (size_t)BK * Nd * 2;
  const unsigned sAw = base + ((tid / ACH) * LDA + (tid % ACH) * 8) * 2;
  const unsigned sBw = base + A_BYTES + ((tid / BCH) * LDB + (tid % BCH) * 8) * 2;
  const unsigned aLd = base + ((wm + lane % 16) * LDA + (lane / 16) * 8) * 2;
  const unsigned bLd = base + A_BYTES + ((lane % 16) * LDB + wn + (lane / 16) * 8) * 2;
  // Copy number q of a stage (A's first, then B's), if it belongs to part `part`.
  auto copyPart = [&](unsigned wOff, int part) {
#pragma unroll
    for (int q = 0; q < AN + BNC; ++q) {
      if (q / PER != part) continue;
      if (q < AN)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sAw + wOff + q * AROWS * LDA * 2), "l"(gA + q * aStep));
      else
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sBw + wOff + (q - AN) * BROWS * LDB * 2),
                     "l"(gB + (q - AN) * bStep));
    }
  };
  auto fragments = [&](unsigned rOff, int ks, unsigned (&a)[MT][4], unsigned (&b)[NT / 2][4]) {
#pragma unroll
    for (int i = 0; i < MT; ++i)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                   : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
                   : "r"(aLd + rOff + (i * 16 * LDA + ks * 16) * 2));
#pragma unroll
    for (int j = 0; j < NT / 2; ++j)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                   : "=r"(b[j][0]), "=r"(b[j][1]), "=r"(b[j][2]), "=r"(b[j][3])
                   : "r"(bLd + rOff + (ks * 16 * LDB + j * 16) * 2));
  };
  auto next = [](unsigned off) { return off + STAGE == STAGES * STAGE ? 0u : off + STAGE; };
  float acc[MT][NT][4] = {};
  unsigned fa[2][MT][4], fb[2][NT / 2][4];
  const int tiles = Kd / BK;
  unsigned wOff = 0, rOff = 0;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) {
#pragma unroll
      for (int part = 0; part < PARTS; ++part) copyPart(wOff, part);
      gA += BK * 2, gB += bTile;
    }
    asm volatile("cp.async.commit_group;\n" ::);
    wOff = next(wOff);
  }
  asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
  __syncthreads();
  fragments(rOff, 0, fa[0], fb[0]);
  for (int t = 0; t < tiles; ++t) {
    const bool more = t + STAGES - 1 < tiles;
#pragma unroll
    for (int ks = 0; ks < KS; ++ks) {
      if (ks < PARTS) {
        if (more) copyPart(wOff, ks);
        if (ks == PARTS - 1) {
          if (more) gA += BK * 2, gB += bTile;
          asm volatile("cp.async.commit_group;\n" ::);
          wOff = next(wOff);
        }
      }
      if (ks == KS - 1) {  // the next tile: landed (own copies), visible (barrier), stage t-1 free
        asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
        __syncthreads();
        rOff = next(rOff);
        if (t + 1 < tiles) fragments(rOff, 0, fa[0], fb[0]);
      } else {
        fragments(rOff, ks + 1, fa[(ks + 1) % 2], fb[(ks + 1) % 2]);
      }
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int jj = 0; jj < NT; ++jj) {
          const int j = SNAKE && i % 2 ? NT - 1 - jj : jj;
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
              : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
              : "r"(fa[ks % 2][i][0]), "r"(fa[ks % 2][i][1]), "r"(fa[ks % 2][i][2]), "r"(fa[ks % 2][i][3]),
                "r"(fb[ks % 2][j / 2][(j % 2) * 2]), "r"(fb[ks % 2][j / 2][(j % 2) * 2 + 1]));
        }
    }
  }
  storeAccumulators(C + (size_t)by * BM * Nd + (size_t)bx * BN, Nd, wm, wn, lane, acc);
}

static const char* only = "";  // argv[1]: run only the variants whose name contains it (for ncu)

// Checks a kernel against cuBLAS, times it, and prints one line.
template <class Kern>
void measure(const char* name, Kern kernel, size_t bytes, int threads, int blocks) {
  if (!std::strstr(name, only)) return;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
  auto run = [&] { kernel<<<blocks, threads, bytes>>>(M, N, K, dA, dB, dC); };
  const double err = relativeError(run);
  int perSm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, bytes));
  const float ms = timeIt(run);
  const double gf = 2.0 * M * N * K / (ms * 1e6);
  std::printf("%-52s smem %6zu B  %d/SM  %.4f ms  %8.0f GFLOP/s  %5.1f%% of cuBLAS  rel.err %.1e\n", name, bytes, perSm, ms, gf,
              100 * gf / cublasGflops, err);
}

template <int BM, int BN, int BK, int STAGES, int WM_, int WN_, int PAD, int MINB, bool CG, int GROUP, bool FREE = false>
void variant(const char* name) {
  measure(name, gemm<BM, BN, BK, STAGES, WM_, WN_, PAD, MINB, CG, GROUP, FREE>, STAGES * stageBytes<BM, BN, BK, PAD>(),
          32 * WM_ * WN_, (N / BN) * (M / BM));
}

template <int BM, int BN, int BK, int STAGES, int WM_, int WN_, int MINB, int GROUP, bool CONSTK, bool SPLIT, bool SNAKE>
void variant2(const char* name) {
  measure(name, gemm2<BM, BN, BK, STAGES, WM_, WN_, MINB, GROUP, CONSTK, SPLIT, SNAKE>, STAGES * stageBytes<BM, BN, BK, 8>(),
          32 * WM_ * WN_, (N / BN) * (M / BM));
}

int main(int argc, char** argv) {
  if (argc > 1) only = argv[1];
  setUpProblem();
  // Rounds 1-4 (raw/experiments/hgemm-mma-dynamic-variants.txt): the best of gemm, 44.8-45.1%.
  //      BM   BN  BK  ST WM WN PAD MINB CG  GROUP FREE
  variant<128, 128, 64, 2, 2, 2, 8, 2, true, 8, true>("128x128x64 2st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 128, 64, 3, 2, 2, 8, 2, true, 8, true>("128x128x64 3st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 128, 32, 4, 2, 2, 8, 2, true, 8, true>("128x128x32 4st 4w 64x64 pad8 cg g8 2/SM free");
  variant<128, 256, 64, 3, 2, 4, 8, 1, true, 8, true>("128x256x64 3st 8w 64x64 pad8 cg g8 free");
  // Round 5: gemm2 (precomputed addresses, barrier before the last k16 step; knobs CONSTK SPLIT SNAKE).
  //       BM   BN  BK  ST WM WN MINB GROUP CONSTK SPLIT SNAKE
  variant2<128, 128, 64, 2, 2, 2, 2, 8, false, false, false>("gemm2 128x128x64 2st 4w 2/SM");
  variant2<128, 128, 64, 2, 2, 2, 2, 8, true, false, false>("gemm2 128x128x64 2st 4w 2/SM constk");
  variant2<128, 128, 64, 2, 2, 2, 2, 8, false, false, true>("gemm2 128x128x64 2st 4w 2/SM snake");
  variant2<128, 128, 64, 3, 2, 2, 2, 8, false, false, true>("gemm2 128x128x64 3st 4w 2/SM snake");
  variant2<128, 128, 64, 3, 2, 2, 2, 8, false, true, true>("gemm2 128x128x64 3st 4w 2/SM split snake");
  variant2<128, 128, 64, 3, 2, 2, 2, 8, true, true, true>("gemm2 128x128x64 3st 4w 2/SM constk split snake");
  variant2<128, 128, 64, 3, 2, 2, 2, 16, true, true, true>("gemm2 128x128x64 3st 4w 2/SM constk split snake g16");
  variant2<128, 128, 32, 4, 2, 2, 2, 8, false, true, true>("gemm2 128x128x32 4st 4w 2/SM split snake");
  variant2<128, 128, 32, 4, 2, 2, 2, 8, true, true, true>("gemm2 128x128x32 4st 4w 2/SM constk split snake");
  variant2<128, 256, 64, 3, 2, 4, 1, 8, false, true, true>("gemm2 128x256x64 3st 8w split snake");
  variant2<128, 256, 64, 3, 2, 4, 1, 8, true, true, true>("gemm2 128x256x64 3st 8w constk split snake");
  variant2<256, 128, 64, 3, 4, 2, 1, 8, true, true, true>("gemm2 256x128x64 3st 8w constk split snake");
  variant2<128, 256, 32, 4, 2, 4, 1, 8, true, true, true>("gemm2 128x256x32 4st 8w constk split snake");
  // Round 6: which knob carries the 128x256 gain (none alone: CONSTK, SPLIT, SNAKE each within
  // about 1%), and deeper pipelines / other groupings for it.
  variant2<128, 256, 64, 3, 2, 4, 1, 8, false, false, false>("gemm2 128x256x64 3st 8w");
  variant2<128, 256, 64, 3, 2, 4, 1, 8, false, true, false>("gemm2 128x256x64 3st 8w split");
  variant2<128, 256, 64, 3, 2, 4, 1, 8, false, false, true>("gemm2 128x256x64 3st 8w snake");
  variant2<128, 256, 64, 4, 2, 4, 1, 8, true, true, true>("gemm2 128x256x64 4st 8w constk split snake");
  variant2<128, 256, 32, 6, 2, 4, 1, 8, true, true, true>("gemm2 128x256x32 6st 8w constk split snake");
  variant2<128, 256, 64, 3, 2, 4, 1, 4, true, true, true>("gemm2 128x256x64 3st 8w constk split snake g4");
  variant2<128, 256, 64, 3, 2, 4, 1, 16, true, true, true>("gemm2 128x256x64 3st 8w constk split snake g16");
  variant2<256, 128, 64, 3, 4, 2, 1, 8, false, true, true>("gemm2 256x128x64 3st 8w split snake");
  return 0;
}
