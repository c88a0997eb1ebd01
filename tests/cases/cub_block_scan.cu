// CUB's BlockScan: the prelude gives it the shared-memory accesses CUB makes (CCCL 3's
// BlockScanRaking and BlockScanWarpScans), computed at the user's call, where they were a region
// not walked (the collective declared only). The conflicts are CUB's own layout, which no edit of
// this file changes: each is a remark [bankcheck-library-conflict] naming the CUB call, not a
// warning, and no fix is searched for.
#include <cub/cub.cuh>

// Raking, 128 threads: each thread stores its partial at tid + tid / 4 (CUB pads each raking
// segment of 4 by one element), so a warp's 32 slots span 39 words: lanes 0 and 26 meet on one
// bank, on the store and on the load after the scan. The raking threads' segments (stride 5) are
// conflict-free.
__global__ void raking128(const int* in, int* out) {
  typedef cub::BlockScan<int, 128> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);  // expected-remark {{2-way bank conflict on store to 'temp' inside 'cub::BlockScan::ExclusiveSum' (2 wavefronts per warp, ideal 1): the library's own layout of it}} expected-remark {{2-way bank conflict on load from 'temp' inside 'cub::BlockScan::ExclusiveSum' (2 wavefronts per warp, ideal 1)}} expected-note {{lanes 0, 26 touch 2 different words of bank 4}}
  out[threadIdx.x] = x;
}

// Raking, 96 threads: segments of 3, not padded: slots and segments conflict-free.
__global__ void raking96(const int* in, int* out) {
  typedef cub::BlockScan<int, 96> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x, total;
  BlockScan(temp).InclusiveSum(in[threadIdx.x], x, total);  // clean
  out[threadIdx.x] = x + total;
}

// Raking, 64 threads: segments of 2 (even, but CUB pads only above 2), 8-byte aligned, which nvcc
// reads and writes as one 8-byte access each: 2 wavefronts, their ideal.
__global__ void raking64(const float* in, float* out) {
  typedef cub::BlockScan<float, 64> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  float x;
  BlockScan(temp).InclusiveScan(in[threadIdx.x], x, cub::Max());  // clean
  out[threadIdx.x] = x;
}

// Warp scans (whole warps): lane 31 of each warp stores its warp's total, every thread reads all
// of them (one word each: a broadcast). Conflict-free, with the prefix callback's one-lane store.
struct RunningTotal {
  int total;
  __device__ int operator()(int block_aggregate) {
    const int before = total;
    total += block_aggregate;
    return before;
  }
};
__global__ void warpScans(const int* in, int* out, int tiles) {
  typedef cub::BlockScan<int, 256, cub::BLOCK_SCAN_WARP_SCANS> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  RunningTotal prefix{0};
  for (int t = 0; t < 4; ++t) {
    int items[2], sums[2];
    items[0] = in[t * 512 + threadIdx.x * 2];
    items[1] = in[t * 512 + threadIdx.x * 2 + 1];
    BlockScan(temp).ExclusiveSum(items, sums, prefix);  // clean
    __syncthreads();
    out[t * 512 + threadIdx.x] = sums[0] + sums[1];
  }
}

// At most 32 threads, a power of two: shuffles only. CUB never touches the storage, and it is
// not reported as "not computed".
__global__ void oneWarp(const int* in, int* out) {
  typedef cub::BlockScan<int, 32> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);
  out[threadIdx.x] = x;
}

// 48 threads: 24 raking threads, not a power of two, which CUB scans through shared memory
// (WarpScanSmem): not modelled, so the call is a region not walked, named at the user's line.
__global__ void rakingNotPow2(const int* in, int* out) {
  typedef cub::BlockScan<int, 48> BlockScan;
  __shared__ typename BlockScan::TempStorage temp;
  int x;
  BlockScan(temp).ExclusiveSum(in[threadIdx.x], x);  // expected-remark {{call to 'WarpScanSmem' with 'temp' by reference not analyzed: the callee's body is not available}}
  out[threadIdx.x] = x;
}

void run(const int* a, int* b, const float* f, float* g) {
  raking128<<<8, 128>>>(a, b);
  raking96<<<8, 96>>>(a, b);
  raking64<<<8, 64>>>(f, g);
  warpScans<<<8, 256>>>(a, b, 4);
  oneWarp<<<8, 32>>>(a, b);
  rakingNotPow2<<<8, 48>>>(a, b);
}
