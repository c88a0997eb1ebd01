// Host program for measuring tests/cases/neighbour_merges.cu on the GPU (narrow-h200.sh).
#include "../../cases/neighbour_merges.cu"

int main() {
  float *f = nullptr, *o = nullptr;
  half *h = nullptr, *ho = nullptr;
  cudaMalloc(&f, 1 << 20); cudaMalloc(&o, 1 << 20); cudaMalloc(&h, 1 << 20); cudaMalloc(&ho, 1 << 20);
  cudaMemset(f, 0, 1 << 20); cudaMemset(h, 0, 1 << 20);
  launch(f, o, h, ho);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
