// Calls GEMM launchers of the form `void name(half* A, half* B, half* C, size_t M, size_t N, size_t K)`
// (Bruce-Lee-LY/cuda_hgemm's src/mma and src/wmma files) once each on M = N = K = 1024, for
// Nsight Compute's per-line counters. Which launchers: -DLAUNCHERS=X(mmaBase)X(mmaAsyncPg2s)...
#include <cuda_fp16.h>
#include <cstdio>
#include <vector>

#define X(name) void name(half* A, half* B, half* C, size_t M, size_t N, size_t K);
LAUNCHERS
#undef X

int main() {
  const size_t M = 1024, N = 1024, K = 1024;
  half *A = nullptr, *B = nullptr, *C = nullptr;
  cudaMalloc(&A, M * K * sizeof(half));
  cudaMalloc(&B, K * N * sizeof(half));
  cudaMalloc(&C, M * N * sizeof(half));
  std::vector<half> ones(M * K, __float2half(0.01f));
  cudaMemcpy(A, ones.data(), M * K * sizeof(half), cudaMemcpyHostToDevice);
  cudaMemcpy(B, ones.data(), K * N * sizeof(half), cudaMemcpyHostToDevice);
#define X(name) name(A, B, C, M, N, K);
  LAUNCHERS
#undef X
  const cudaError_t err = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
