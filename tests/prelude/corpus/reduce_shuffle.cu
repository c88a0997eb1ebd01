// Block sum reduction: warp shuffles, one partial per warp in shared memory, then a final warp.
#include <cuda_runtime.h>
#include <cstdio>

__inline__ __device__ float warp_reduce_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__inline__ __device__ float warp_reduce_max(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, mask));
  return v;
}

template <int BLOCK>
__global__ void block_reduce(const float* __restrict__ in, float* __restrict__ out, int n) {
  static_assert(BLOCK % 32 == 0, "block must be whole warps");
  __shared__ float partial[BLOCK / 32];
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;

  float sum = 0.0f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) sum += in[i];
  sum = warp_reduce_sum(sum);
  if (lane == 0) partial[warp] = sum;
  __syncthreads();

  if (warp == 0) {
    sum = (lane < BLOCK / 32) ? partial[lane] : 0.0f;
    sum = warp_reduce_sum(sum);
    if (lane == 0) atomicAdd(out, sum);
  }
}

__global__ void max_abs(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? fabsf(in[i]) : 0.0f;
  v = warp_reduce_max(v);
  unsigned active = __activemask();
  unsigned voters = __ballot_sync(active, v > 1.0f);
  if ((threadIdx.x & 31) == 0 && __popc(voters) > 0) out[blockIdx.x] = v;
  int any = __any_sync(0xffffffffu, v > 2.0f) + __all_sync(0xffffffffu, v >= 0.0f);
  if (any > 1) __syncwarp();
}

int main() {
  const int n = 1 << 20;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, sizeof(float));
  cudaMemset(d_out, 0, sizeof(float));
  block_reduce<256><<<120, 256>>>(d_in, d_out, n);
  block_reduce<512><<<60, 512>>>(d_in, d_out, n);
  max_abs<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  float h = 0;
  cudaMemcpy(&h, d_out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum %f\n", h);
  return 0;
}
