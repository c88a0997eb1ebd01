// Probe for issue 11 (a column-driven XOR swizzle of a float row read as float4 by an unrolled
// loop, LeetCUDA's sgemm `s_b[k][tx * 8 + n]`): does ptxas still merge the four loads into one
// LDS.128 once the column is swizzled, and in which spelling? Compiled only; the SASS widths per
// line are read with tests/verification/widths/narrow-widths.sh's steps (swizzle-merge.sh).
#include <cuda_runtime.h>

__device__ __forceinline__ int swz(int col) { return col ^ (((col >> 5) & 1) << 2); }

__global__ void plainRow(const float* in, float* out) {
  __shared__ float s_b[8][128];
  for (int i = threadIdx.x; i < 8 * 128; i += 32) s_b[i / 128][i % 128] = in[i];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int n = 0; n < 4; ++n) acc += s_b[threadIdx.y][threadIdx.x * 8 + n];
  out[threadIdx.x] = acc;
}

// The XOR applied to the whole column, inside the loop.
__global__ void swizzledColumn(const float* in, float* out) {
  __shared__ float s_b[8][128];
  for (int i = threadIdx.x; i < 8 * 128; i += 32) s_b[i / 128][swz(i % 128)] = in[i];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int n = 0; n < 4; ++n) acc += s_b[threadIdx.y][swz(threadIdx.x * 8 + n)];
  out[threadIdx.x] = acc;
}

// The XOR applied to the aligned base, the loop's offset added after it.
__global__ void swizzledBase(const float* in, float* out) {
  __shared__ float s_b[8][128];
  for (int i = threadIdx.x; i < 8 * 128; i += 32) s_b[i / 128][swz(i % 128)] = in[i];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int n = 0; n < 4; ++n) acc += s_b[threadIdx.y][swz(threadIdx.x * 8) + n];
  out[threadIdx.x] = acc;
}
