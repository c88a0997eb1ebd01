// Host program for measuring tests/cases/narrow_type_merges.cu on the GPU (narrow-h200.sh): the
// case's own launch function, on zeroed buffers.
#include "../../cases/narrow_type_merges.cu"

int main() {
  void* p = nullptr;
  float* f = nullptr;
  cudaMalloc(&p, 1 << 20);
  cudaMalloc(&f, 1 << 20);
  cudaMemset(p, 0, 1 << 20);
  cudaMemset(f, 0, 1 << 20);
  launch(p, f);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
