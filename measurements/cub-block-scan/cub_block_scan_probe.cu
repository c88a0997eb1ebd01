// CUB's BlockScan as the toolkit builds it: the shared-memory wavefronts and instructions of each
// launch (one block, nothing else in shared memory), to compare with what bankcheck computes from
// the prelude's model of it (docs/prelude.md; predict.sh prints the prediction). Run by run.sh.
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cstdio>

// Raking, segments of 4 padded by one: the slots store and load 2-way.
__global__ void raking128(const int* in, int* out) {
  typedef cub::BlockScan<int, 128> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);
  out[threadIdx.x] = x;
}

// Raking, segments of 8 padded by one, with the block aggregate (stored by raking thread 0).
__global__ void raking256Aggregate(const float* in, float* out) {
  typedef cub::BlockScan<float, 256> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  float x, total;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x, total);
  out[threadIdx.x] = x + total;
}

// Raking, segments of 3, not padded.
__global__ void raking96Inclusive(const int* in, int* out) {
  typedef cub::BlockScan<int, 96> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x, total;
  BlockScan(temp).InclusiveSum(in[threadIdx.x], x, total);
  out[threadIdx.x] = x + total;
}

// Raking, segments of 2: 8-byte aligned pairs (predicted as one 8-byte access each).
__global__ void raking64Max(const float* in, float* out) {
  typedef cub::BlockScan<float, 64> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  float x;
  BlockScan(temp).InclusiveScan(in[threadIdx.x], x, cuda::maximum<>{});
  out[threadIdx.x] = x;
}

// Memoized raking: the segment is read once.
__global__ void memoize256(const int* in, int* out) {
  typedef cub::BlockScan<int, 256, cub::BLOCK_SCAN_RAKING_MEMOIZE> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);
  out[threadIdx.x] = x;
}

// Warp scans with a prefix callback, several items per thread.
struct RunningTotal {
  int total;
  __device__ int operator()(int block_aggregate) {
    const int before = total;
    total += block_aggregate;
    return before;
  }
};
__global__ void warpScans256Prefix(const int* in, int* out) {
  typedef cub::BlockScan<int, 256, cub::BLOCK_SCAN_WARP_SCANS> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  RunningTotal prefix{0};
  int items[2], sums[2];
  items[0] = in[threadIdx.x * 2];
  items[1] = in[threadIdx.x * 2 + 1];
  BlockScan(temp).ExclusiveSum(items, sums, prefix);
  out[threadIdx.x] = sums[0] + sums[1];
}

// One warp: shuffles only, no shared-memory instruction at all.
__global__ void oneWarp(const int* in, int* out) {
  typedef cub::BlockScan<int, 32> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);
  out[threadIdx.x] = x;
}

int main() {
  int *i, *io;
  float *f, *fo;
  cudaMalloc(&i, 1024 * sizeof(int));
  cudaMalloc(&io, 1024 * sizeof(int));
  cudaMalloc(&f, 1024 * sizeof(float));
  cudaMalloc(&fo, 1024 * sizeof(float));
  cudaMemset(i, 0, 1024 * sizeof(int));
  cudaMemset(f, 0, 1024 * sizeof(float));
  raking128<<<1, 128>>>(i, io);
  raking256Aggregate<<<1, 256>>>(f, fo);
  raking96Inclusive<<<1, 96>>>(i, io);
  raking64Max<<<1, 64>>>(f, fo);
  memoize256<<<1, 256>>>(i, io);
  warpScans256Prefix<<<1, 256>>>(i, io);
  oneWarp<<<1, 32>>>(i, io);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
