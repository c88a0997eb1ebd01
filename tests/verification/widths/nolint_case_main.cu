// Host program for measuring tests/rules/bankcheck-nolint.cu on the GPU (narrow-h200.sh).
#include "../../rules/bankcheck-nolint.cu"

int main() {
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, 1 << 20); cudaMalloc(&out, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  run(out, in);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
