// Design probe for a deeper tensor-core reference GEMM: the mma.sync + ldmatrix + cp.async
// structure of kernels/hgemm_mma.*.cu, but with its tiles carved out of dynamic shared memory
// (past the 48 KB of static memory), 3-4 pipeline stages, 64 x 64 warp tiles, the next k16 step's
// fragments loaded while the current one multiplies, and blocks rasterized in groups of columns
// for L2 reuse. Timed at 4096^3 against cuBLAS (cublasGemmEx, fp16 in, fp32 out and compute) and
// checked against it. PAD is the row padding in halves (0: the unpadded "bad" layout).
//   nvcc -arch=sm_90 -O3 -std=c++17 -o hdv hgemm_mma_dynamic_variants.cu -lcublas && ./hdv
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                 \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

__device__ __forceinline__ unsigned smem(const void* p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

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

template <class F>
float timeIt(F f) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) f();
  std::vector<float> ms;
  for (int i = 0; i < 50; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float t;
    CK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

const int M = 4096, N = 4096, K = 4096;
__half *dA, *dB;
float *dC, *dRef;
std::vector<float> ref;
double cublasGflops = 0;

template <int BM, int BN, int BK, int STAGES, int WM_, int WN_, int PAD, int MINB, bool CG, int GROUP, bool FREE = false>
void variant(const char* name) {
  constexpr size_t bytes = STAGES * stageBytes<BM, BN, BK, PAD>();
  auto kernel = gemm<BM, BN, BK, STAGES, WM_, WN_, PAD, MINB, CG, GROUP, FREE>;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
  dim3 grid((N / BN) * (M / BM)), block(32 * WM_ * WN_);
  auto run = [&] { kernel<<<grid, block, bytes>>>(M, N, K, dA, dB, dC); };
  CK(cudaMemset(dC, 0xff, (size_t)M * N * 4));
  run();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<float> c((size_t)M * N);
  CK(cudaMemcpy(c.data(), dC, c.size() * 4, cudaMemcpyDeviceToHost));
  double err = 0, nrm = 0;
  for (size_t i = 0; i < c.size(); i += 997) err += (c[i] - ref[i]) * (c[i] - ref[i]), nrm += ref[i] * ref[i];
  int perSm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, 32 * WM_ * WN_, bytes));
  const float ms = timeIt(run);
  const double gf = 2.0 * M * N * K / (ms * 1e6);
  std::printf("%-52s smem %6zu B  %d/SM  %.4f ms  %8.0f GFLOP/s  %5.1f%% of cuBLAS  rel.err %.1e\n", name, bytes, perSm, ms, gf,
              100 * gf / cublasGflops, std::sqrt(err / nrm));
}

int main() {
  std::vector<__half> h((size_t)M * K);
  unsigned s = 1;
  for (auto& x : h) s = s * 1664525u + 1013904223u, x = __float2half((static_cast<int>((s >> 8) % 2001) - 1000) / 1000.0f);
  CK(cudaMalloc(&dA, h.size() * 2));
  CK(cudaMalloc(&dB, h.size() * 2));
  CK(cudaMalloc(&dC, (size_t)M * N * 4));
  CK(cudaMalloc(&dRef, (size_t)M * N * 4));
  CK(cudaMemcpy(dA, h.data(), h.size() * 2, cudaMemcpyHostToDevice));
  for (auto& x : h) s = s * 1664525u + 1013904223u, x = __float2half((static_cast<int>((s >> 8) % 2001) - 1000) / 1000.0f);
  CK(cudaMemcpy(dB, h.data(), h.size() * 2, cudaMemcpyHostToDevice));
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float one = 1, zero = 0;
  auto cb = [&] {
    cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, dB, CUDA_R_16F, N, dA, CUDA_R_16F, K, &zero, dRef,
                 CUDA_R_32F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  cb();
  CK(cudaDeviceSynchronize());
  ref.resize((size_t)M * N);
  CK(cudaMemcpy(ref.data(), dRef, ref.size() * 4, cudaMemcpyDeviceToHost));
  const float cms = timeIt(cb);
  cublasGflops = 2.0 * M * N * K / (cms * 1e6);
  std::printf("cuBLAS GemmEx: %.4f ms, %.0f GFLOP/s\n", cms, cublasGflops);
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
