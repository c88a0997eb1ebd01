// PTX input of tests/unit/PtxWidthsTest.cpp: nvcc -arch=sm_90 -O3 -lineinfo -ptx -o narrow_merges.ptx narrow_merges.cu (CUDA 13.0)
#include <cuda_fp16.h>
__global__ void rows66(float* out) {
  __shared__ float tile[32][66];
  float s = 0.f;
#pragma unroll
  for (int c = 0; c < 8; ++c) s += tile[threadIdx.x][c];
  out[threadIdx.x] = s;
}
__global__ void halves(float* out) {
  __shared__ __half tile[32][64];
  float s = 0.f;
#pragma unroll
  for (int c = 0; c < 8; ++c) s += __half2float(tile[threadIdx.x ^ 1][c]);
  out[threadIdx.x] = s;
}
__global__ void bytes(int* out) {
  __shared__ signed char tile[32][64];
  int s = 0;
#pragma unroll
  for (int c = 0; c < 8; ++c) s += tile[threadIdx.x][c];
  out[threadIdx.x] = s;
}
