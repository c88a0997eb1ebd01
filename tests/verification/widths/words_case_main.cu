// Host program for measuring tests/cases/vector_words_used.cu on the GPU (words-h200.sh).
#include "../../cases/vector_words_used.cu"

int main() {
  void *a = nullptr, *b = nullptr;
  cudaMalloc(&a, 1 << 22); cudaMalloc(&b, 1 << 22);
  cudaMemset(a, 0, 1 << 22);
  launch((const float4*)a, (const float*)a, (float*)b);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
