// 256-bin byte histogram: per-block privatized bins in shared memory with shared atomics,
// vectorized uchar4 loads, merged into the global histogram with global atomics.
#include <cuda_runtime.h>

constexpr int NUM_BINS = 256;

__global__ void histogram_smem(const uchar4* __restrict__ data, int n4, unsigned int* __restrict__ hist) {
  __shared__ unsigned int bins[NUM_BINS];
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) bins[i] = 0;
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
    uchar4 v = data[i];
    atomicAdd(&bins[v.x], 1u);
    atomicAdd(&bins[v.y], 1u);
    atomicAdd(&bins[v.z], 1u);
    atomicAdd(&bins[v.w], 1u);
  }
  __syncthreads();

  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) {
    unsigned int c = bins[i];
    if (c) atomicAdd(&hist[i], c);
  }
}

__global__ void atomic_zoo(int* i32, unsigned int* u32, unsigned long long* u64, float* f32, double* f64) {
  __shared__ int s_min, s_max;
  if (threadIdx.x == 0) {
    s_min = 1 << 30;
    s_max = -(1 << 30);
  }
  __syncthreads();
  int t = static_cast<int>(threadIdx.x);
  atomicMin(&s_min, t);
  atomicMax(&s_max, t);
  atomicSub(i32, 1);
  atomicExch(u32, 7u);
  atomicInc(u32, 100u);
  atomicDec(u32, 100u);
  atomicCAS(i32, 0, t);
  atomicAnd(u32, 0xffu);
  atomicOr(u32, 0x100u);
  atomicXor(u32, 0x1u);
  atomicAdd(u64, 1ull);
  atomicAdd(f32, 1.0f);
  atomicAdd(f64, 1.0);
  atomicAdd_block(f32, 2.0f);
  atomicAdd_system(i32, 3);
  atomicMax(u64, 5ull);
  __syncthreads();
  if (threadIdx.x == 0) i32[1] = s_min + s_max;
}

void run(const unsigned char* d_bytes, int n, unsigned int* d_hist) {
  histogram_smem<<<256, 256>>>(reinterpret_cast<const uchar4*>(d_bytes), n / 4, d_hist);
}
