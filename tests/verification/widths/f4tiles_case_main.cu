// Host program for measuring tests/cases/float4_tiles.cu on the GPU (words-h200.sh).
#include "../../cases/float4_tiles.cu"

int main() {
  void *a = nullptr, *b = nullptr;
  cudaMalloc(&a, 1 << 22); cudaMalloc(&b, 1 << 22);
  cudaMemset(a, 0, 1 << 22);
  launch((const float4*)a, (float4*)b);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
