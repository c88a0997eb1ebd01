// Host program for measuring tests/cases/advisor_flattened_pointer.cu on the GPU (words-h200.sh).
#include "../../cases/advisor_flattened_pointer.cu"

int main() {
  void *a = nullptr, *b = nullptr;
  cudaMalloc(&a, 1 << 22); cudaMalloc(&b, 1 << 22);
  cudaMemset(a, 0, 1 << 22);
  launch((const float*)a, (float*)b, 1, (const int*)a);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
