// Host program for measuring tests/cases/shared_address_helpers.cu on the GPU (uniform-h200.sh).
#include "../../cases/shared_address_helpers.cu"

int main() {
  float4* g = nullptr;
  float* out = nullptr;
  cudaMalloc(&g, 1 << 20); cudaMalloc(&out, 1 << 20);
  cudaMemset(g, 0, 1 << 20);
  host(g, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
