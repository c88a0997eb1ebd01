// Host program for measuring tests/cases/advisor_swizzle_ldmatrix_address.cu on the GPU, as
// written or as `bankcheck --fix` left it (-DCASE_FILE="..."; case-before-after-h200.sh).
#ifndef CASE_FILE
#define CASE_FILE "../../cases/advisor_swizzle_ldmatrix_address.cu"
#endif
#include CASE_FILE

int main() {
  half* a = nullptr;
  uint32_t* out = nullptr;
  cudaMalloc(&a, 1 << 20); cudaMalloc(&out, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  launch(a, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
