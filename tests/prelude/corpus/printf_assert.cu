// Device-side printf, assert, clock64/clock timing, __nanosleep and __trap in a kernel.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned long long g_cycles;

__global__ void chatty(const int* data, int n) {
  __shared__ int buf[128];
  long long t0 = clock64();
  clock_t c0 = clock();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(blockDim.x <= 128);
  buf[threadIdx.x] = i < n ? data[i] : -1;
  __syncthreads();
  if (threadIdx.x == 0) {
    printf("block %d: first=%d last=%d dims=(%u,%u,%u) grid=%u warp=%d\n", blockIdx.x, buf[0],
           buf[blockDim.x - 1], blockDim.x, blockDim.y, blockDim.z, gridDim.x, warpSize);
  }
  if (buf[threadIdx.x] < -1) __trap();
  __nanosleep(100);
  long long t1 = clock64();
  if (threadIdx.x == 0) atomicAdd(&g_cycles, static_cast<unsigned long long>(t1 - t0 + (clock() - c0)));
}

int main() {
  int* d = nullptr;
  cudaMalloc(&d, 256 * sizeof(int));
  chatty<<<2, 128>>>(d, 256);
  cudaDeviceSynchronize();
  unsigned long long cycles = 0;
  cudaMemcpyFromSymbol(&cycles, g_cycles, sizeof(cycles));
  std::printf("%llu cycles\n", cycles);
  return 0;
}
