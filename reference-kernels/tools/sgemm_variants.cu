// Design-space probe for kernels/sgemm_cpasync (not part of the harness): the same cp.async
// double-buffered 128x128 kernel with BK, blocks-per-SM bound, smem_A padding and the A copy
// mapping as template parameters, timed against cuBLAS SGEMM at 4096^3 and checked against it.
//   nvcc -O3 -arch=sm_90 -lineinfo -o sgemm_variants sgemm_variants.cu -lcublas
//   ./sgemm_variants            time every variant (median of 20 after 3 warm-ups)
//   ./sgemm_variants profile    launch every variant once (for ncu --section SourceCounters)
#include <cublas_v2.h>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <string>
#include <cmath>
#include <cstdio>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(2);} } while (0)

// COAL = 0: a warp copies a 4-float column slice of 32 consecutive rows (as in the kernel file)
// COAL = 1: consecutive threads copy consecutive 16-byte chunks of a row (coalesced)
template <int BK, int MINB, int PAD, int COAL>
__global__ void __launch_bounds__(256, MINB)
sgemm_v(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  constexpr int BM = 128, BN = 128;
  __shared__ __align__(16) float smem_A[2][BM][BK + PAD];
  __shared__ __align__(16) float smem_B[2][BK][BN];
  constexpr int ACOPIES = BM * BK / 4 / 256, BCOPIES = BK * BN / 4 / 256;
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int m0 = (warp / 2) * 32 + (lane / 8) * 4, n0 = (warp % 2) * 64 + (lane % 8) * 4;
  const float* A_blk = A + (size_t)blockIdx.y * BM * K;
  const float* B_blk = B + (size_t)blockIdx.x * BN;
  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
  auto load = [&](int st, int k0) {
#pragma unroll
    for (int c = 0; c < ACOPIES; ++c) {
      const int idx = tid + c * 256;
      const int row = COAL ? idx / (BK / 4) : idx % BM;
      const int col = COAL ? (idx % (BK / 4)) * 4 : (idx / BM) * 4;
      __pipeline_memcpy_async(&smem_A[st][row][col], &A_blk[(size_t)row * K + k0 + col], 16);
    }
#pragma unroll
    for (int c = 0; c < BCOPIES; ++c) {
      const int idx = tid + c * 256;
      const int row = idx / (BN / 4), col = (idx % (BN / 4)) * 4;
      __pipeline_memcpy_async(&smem_B[st][row][col], &B_blk[(size_t)(k0 + row) * N + col], 16);
    }
  };
  load(0, 0);
  __pipeline_commit();
  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    if (k0 + BK < K) load(stage ^ 1, k0 + BK);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 4) {
      float a[8][4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        *reinterpret_cast<float4*>(a[i]) = *reinterpret_cast<const float4*>(&smem_A[stage][m0 + i][kk]);
        *reinterpret_cast<float4*>(a[i + 4]) = *reinterpret_cast<const float4*>(&smem_A[stage][m0 + 16 + i][kk]);
      }
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        float b[8];
        *reinterpret_cast<float4*>(&b[0]) = *reinterpret_cast<const float4*>(&smem_B[stage][kk + k][n0]);
        *reinterpret_cast<float4*>(&b[4]) = *reinterpret_cast<const float4*>(&smem_B[stage][kk + k][n0 + 32]);
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
          for (int j = 0; j < 8; ++j) acc[i][j] += a[i][k] * b[j];
      }
    }
    __syncthreads();
    stage ^= 1;
  }
  float* C_blk = C + (size_t)blockIdx.y * BM * N + (size_t)blockIdx.x * BN;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int r = m0 + (i < 4 ? i : 12 + i);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0]) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(&C_blk[(size_t)r * N + n0 + 32]) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

template <class L>
float median_ms(L launch) {
  for (int i = 0; i < 3; ++i) launch();
  CK(cudaDeviceSynchronize());
  const int R = 20;
  std::vector<cudaEvent_t> ev(2 * R);
  for (auto& e : ev) CK(cudaEventCreate(&e));
  for (int i = 0; i < R; ++i) { CK(cudaEventRecord(ev[2 * i])); launch(); CK(cudaEventRecord(ev[2 * i + 1])); }
  CK(cudaDeviceSynchronize());
  std::vector<float> t(R);
  for (int i = 0; i < R; ++i) CK(cudaEventElapsedTime(&t[i], ev[2 * i], ev[2 * i + 1]));
  std::sort(t.begin(), t.end());
  return 0.5f * (t[R / 2 - 1] + t[R / 2]);
}

int main(int argc, char** argv) {
  const bool profile = argc > 1 && std::string(argv[1]) == "profile";
  const int M = 4096, N = 4096, K = 4096;
  const size_t n = (size_t)M * N;
  std::vector<float> h(n);
  unsigned s = 1;
  for (auto& x : h) { s = s * 1664525u + 1013904223u; x = (s >> 8) * (1.0f / 8388608.0f) - 1.0f; }
  float *A, *B, *C, *R;
  CK(cudaMalloc(&A, n * 4)); CK(cudaMalloc(&B, n * 4)); CK(cudaMalloc(&C, n * 4)); CK(cudaMalloc(&R, n * 4));
  CK(cudaMemcpy(A, h.data(), n * 4, cudaMemcpyHostToDevice));
  std::reverse(h.begin(), h.end());
  CK(cudaMemcpy(B, h.data(), n * 4, cudaMemcpyHostToDevice));
  cublasHandle_t hb; cublasCreate(&hb);
  const float one = 1, zero = 0;
  auto cub = [&] { cublasSgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, R, N); };
  const double flop = 2.0 * M * N * K;
  const float tc = profile ? (cub(), 1.0f) : median_ms(cub);
  printf("cublas_sgemm %.3f ms %.0f GFLOP/s\n", tc, flop / tc / 1e6);
  std::vector<float> hr(n), hc(n);
  CK(cudaMemcpy(hr.data(), R, n * 4, cudaMemcpyDeviceToHost));
  auto run = [&](const char* name, void (*k)(int, int, int, const float*, const float*, float*)) {
    auto l = [&] { k<<<dim3(N / 128, M / 128), 256>>>(M, N, K, A, B, C); };
    CK(cudaMemset(C, 0xFF, n * 4));
    l();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hc.data(), C, n * 4, cudaMemcpyDeviceToHost));
    double e = 0, r = 0;
    for (size_t i = 0; i < n; ++i) { double d = hc[i] - hr[i]; e += d * d; r += (double)hr[i] * hr[i]; }
    const float t = profile ? NAN : median_ms(l);
    printf("%-34s %.3f ms %6.0f GFLOP/s %5.1f%% of cuBLAS  rel_err %.2e\n", name, t, flop / t / 1e6, 100 * tc / t, std::sqrt(e / r));
  };
  run("BK16 minb2 pad0 slice", sgemm_v<16, 2, 0, 0>);
  run("BK16 minb2 pad4 slice", sgemm_v<16, 2, 4, 0>);
  run("BK16 minb2 pad0 coalesced", sgemm_v<16, 2, 0, 1>);
  run("BK16 minb2 pad4 coalesced", sgemm_v<16, 2, 4, 1>);
  run("BK16 minb1 pad0 coalesced", sgemm_v<16, 1, 0, 1>);
  run("BK16 minb1 pad4 coalesced", sgemm_v<16, 1, 4, 1>);
  run("BK8  minb2 pad4 slice", sgemm_v<8, 2, 4, 0>);
  run("BK8  minb2 pad4 coalesced", sgemm_v<8, 2, 4, 1>);
  run("BK16 minb2 pad4 slice (again)", sgemm_v<16, 2, 4, 0>);
  run("BK16 minb2 pad4 coalesced (again)", sgemm_v<16, 2, 4, 1>);
  if (profile) return 0;
  printf("cublas again %.3f ms\n", median_ms(cub));
  return 0;
}
