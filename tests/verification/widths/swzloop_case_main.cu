// Host program for measuring tests/cases/advisor_swizzle_merged_loop.cu on the GPU, as written or
// as `bankcheck --fix` left it (-DCASE_FILE="..."; case-before-after-h200.sh).
#ifndef CASE_FILE
#define CASE_FILE "../../cases/advisor_swizzle_merged_loop.cu"
#endif
#include CASE_FILE

int main() {
  float *b = nullptr, *c = nullptr;
  cudaMalloc(&b, 1 << 20); cudaMalloc(&c, 1 << 20);
  cudaMemset(b, 0, 1 << 20);
  launch(b, c);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
