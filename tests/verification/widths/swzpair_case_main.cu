// Host program for measuring tests/cases/swizzled_neighbours.cu on the GPU (case-before-after-h200.sh,
// given the case itself as the "fixed" file: there is no fix, only the two spellings).
#ifndef CASE_FILE
#define CASE_FILE "../../cases/swizzled_neighbours.cu"
#endif
#include CASE_FILE

int main() {
  half *in = nullptr, *out = nullptr;
  cudaMalloc(&in, 1 << 20); cudaMalloc(&out, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  launch(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
