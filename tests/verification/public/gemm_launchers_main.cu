// Calls leimao/CUDA-GEMM-Optimization's fp32 launchers v04-v06 once each on m = n = k = 1024,
// for Nsight Compute's per-line counters (its own profile driver reads a cudaDeviceProp field
// CUDA 13 removed). Compile with the repository's -I include and its src/0*.cu files.
#include <cuda_runtime.h>
#include <cstdio>

#include "cuda_gemm.hpp"

int main() {
  const size_t m = 1024, n = 1024, k = 1024;
  float *A = nullptr, *B = nullptr, *C = nullptr;
  cudaMalloc(&A, m * k * sizeof(float));
  cudaMalloc(&B, k * n * sizeof(float));
  cudaMalloc(&C, m * n * sizeof(float));
  cudaMemset(A, 0, m * k * sizeof(float));
  cudaMemset(B, 0, k * n * sizeof(float));
  const float alpha = 1.f, beta = 0.f;
  cudaStream_t s = nullptr;
  launch_gemm_kernel_v04<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v04_vectorized<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v05<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v05_vectorized<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v06<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v06_vectorized<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  launch_gemm_kernel_v06_vectorized_double_buffered<float>(m, n, k, &alpha, A, k, B, n, &beta, C, n, s);
  const cudaError_t err = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
