// bfloat16 kernels: a row-wise RMS norm with bf162 loads and fp32 accumulation in shared memory.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

template <int THREADS>
__global__ void rmsnorm_bf16(const __nv_bfloat162* __restrict__ x, const __nv_bfloat162* __restrict__ w,
                             __nv_bfloat162* __restrict__ y, int cols2, float eps) {
  __shared__ float red[THREADS / 32];
  const __nv_bfloat162* row = x + blockIdx.x * cols2;
  float ss = 0.0f;
  for (int i = threadIdx.x; i < cols2; i += THREADS) {
    float2 v = __bfloat1622float2(row[i]);
    ss += v.x * v.x + v.y * v.y;
  }
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = ss;
  __syncthreads();
  if (threadIdx.x < 32) {
    ss = threadIdx.x < THREADS / 32 ? red[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if (threadIdx.x == 0) red[0] = rsqrtf(ss / (2 * cols2) + eps);
  }
  __syncthreads();
  const float inv = red[0];
  for (int i = threadIdx.x; i < cols2; i += THREADS) {
    float2 v = __bfloat1622float2(row[i]);
    float2 g = __bfloat1622float2(w[i]);
    y[blockIdx.x * cols2 + i] = __floats2bfloat162_rn(v.x * inv * g.x, v.y * inv * g.y);
  }
}

__global__ void bf16_misc(__nv_bfloat16* p, float* f) {
  __nv_bfloat16 a = p[threadIdx.x];
  __nv_bfloat16 b = __float2bfloat16(2.0f);
  __nv_bfloat16 c = __hfma(a, b, a) + __hmul(a, b);
  nv_bfloat162 c2 = __halves2bfloat162(c, a);
  c2 = __hmul2(c2, c2);
  f[threadIdx.x] = __bfloat162float(c) + __low2float(c2);
  p[threadIdx.x] = __shfl_down_sync(0xffffffffu, c, 1);
  nv_bfloat162 d2;
  d2 = {a, c};  // a braced pair, as nvcc takes it (see fp16_kernels.cu)
  f[threadIdx.x + 1] = __high2float(d2);
}

template __global__ void rmsnorm_bf16<256>(const __nv_bfloat162*, const __nv_bfloat162*, __nv_bfloat162*, int, float);
