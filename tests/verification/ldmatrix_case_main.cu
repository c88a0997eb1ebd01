// Runs tests/cases/ldmatrix.cu's kernel once on the GPU for Nsight Compute (per-instruction wavefronts).
#include "../cases/ldmatrix.cu"
#include <cstdio>
int main() {
  half *in, *out;
  cudaMalloc(&in, 64 * 64 * sizeof(half));
  cudaMalloc(&out, 128 * sizeof(half));
  cudaMemset(in, 0, 64 * 64 * sizeof(half));
  run(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("run: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
