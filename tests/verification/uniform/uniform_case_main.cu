// Host program for measuring tests/cases/uniform_values.cu on the GPU (uniform-h200.sh). The values
// the case leaves unknown: 8 blocks of one tile each (row 0, so the copies' source base is the
// line-aligned pointer, as bankcheck assumes), a stride of 33 (the line that uses it is not
// computed; 33 keeps it inside `rows`), lengths below 32.
#include "../../cases/uniform_values.cu"

int main() {
  float4* g = nullptr;
  float* out = nullptr;
  int* limits = nullptr;
  unsigned *keys = nullptr, *uout = nullptr, *ulimits = nullptr;
  cudaMalloc(&g, 1 << 22); cudaMalloc(&out, 1 << 20); cudaMalloc(&limits, 1024);
  cudaMalloc(&keys, 1 << 16); cudaMalloc(&uout, 1 << 16); cudaMalloc(&ulimits, 1024);
  cudaMemset(g, 0, 1 << 22); cudaMemset(keys, 0, 1 << 16);
  const int lim[8] = {8, 8, 8, 8, 8, 8, 8, 8};
  const unsigned ulim[4] = {5, 17, 30, 3};
  cudaMemcpy(limits, lim, sizeof lim, cudaMemcpyHostToDevice);
  cudaMemcpy(ulimits, ulim, sizeof ulim, cudaMemcpyHostToDevice);
  host(g, out, dim3(1, 1, 64), Sizes{33, 8}, limits);
  hostMerged(keys, uout, ulimits);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
