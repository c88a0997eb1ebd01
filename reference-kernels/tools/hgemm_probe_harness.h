// What the tensor-core GEMM design probes (hgemm_mma_variants.cu, hgemm_mma_dynamic_variants.cu)
// share: the 4096^3 problem with fixed pseudo-random fp16 inputs, cuBLAS's result and time as the
// reference (cublasGemmEx, fp16 in, fp32 out and compute), a median-of-50 timer, and the check of
// a variant's output against cuBLAS's.
#pragma once

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

// Median of 50 timed calls of `f`, after 3 untimed ones, in milliseconds.
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

inline constexpr int M = 4096, N = 4096, K = 4096;
inline __half *dA, *dB;
inline float *dC, *dRef;
inline std::vector<float> ref;
inline double cublasGflops = 0;

// Fills A and B, computes and times cuBLAS's C, and prints its rate.
inline void setUpProblem() {
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
}

// Runs `run` once on a poisoned C and returns its relative error against cuBLAS (sampled).
template <class F>
double relativeError(F run) {
  CK(cudaMemset(dC, 0xff, (size_t)M * N * 4));
  run();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<float> c((size_t)M * N);
  CK(cudaMemcpy(c.data(), dC, c.size() * 4, cudaMemcpyDeviceToHost));
  double err = 0, nrm = 0;
  for (size_t i = 0; i < c.size(); i += 997) err += (c[i] - ref[i]) * (c[i] - ref[i]), nrm += ref[i] * ref[i];
  return std::sqrt(err / nrm);
}
