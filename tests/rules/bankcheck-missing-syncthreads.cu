// bankcheck-missing-syncthreads: a shared write and a read of the same bytes by another warp need a
// __syncthreads() between them, in both orders and across iterations (the tiled loop's trailing
// barrier). Exchanges inside one warp, and accesses that cannot be computed, are not reported.
// ARGS: --checks=-*,bankcheck-missing-syncthreads
#include <cooperative_groups.h>  // the split barrier at the end; it includes <cuda_runtime.h>
#define TILE 32

// The guide's tiled matmul, with both barriers: clean.
__global__ void tiled(const float* A, const float* B, float* C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[ty * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + tx];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * N + tx] = acc;
}

// The trailing barrier is missing: the next iteration's stores overwrite what other warps still read.
__global__ void noTrailingBarrier(const float* A, const float* B, float* C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[ty * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + tx];  // expected-warning {{write to 'Bs' may overwrite data another warp still reads at line 34 in the previous iteration of the loop at line 30}} expected-note {{read here}} expected-note {{add __syncthreads() at the end of the loop body}}
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
  }
  C[ty * N + tx] = acc;
}

// No barrier between the transpose's store and its read.
__global__ void transposeNoBarrier(const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * TILE + tx];
  out[ty * TILE + tx] = tile[tx][ty];  // expected-warning {{read of 'tile' may run before another warp's write at line 43: no __syncthreads() between the write and this read}} expected-note {{written here}} expected-note {{add __syncthreads() between the write and the read}}
}

// Each thread reads back what it wrote, and a warp-level reduction stays inside warp 0: clean.
__global__ void ownAndWarp(const float* in, float* out) {
  __shared__ float s[256];
  const int tid = threadIdx.x;
  s[tid] = in[tid];
  float v = s[tid] * 2.f;
  if (tid < 32) {
    s[tid] = v;
    __syncwarp();
    v += s[tid ^ 1];
  }
  out[tid] = v;
}

// llm.c's blockReduce: a barrier after the reads only when asked for. Called in a loop, the
// next call's write races with the previous call's reads unless `finalSync` is true.
__device__ float blockSum(float v, bool finalSync = false) {
  __shared__ float partial[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  float r = lane < blockDim.x / 32 ? partial[lane] : 0.f;
  if (finalSync) __syncthreads();
  return r;
}

__global__ void reduceInLoop(const float* in, float* out, int n) {
  float acc = 0.f;
  for (int i = 0; i < n; ++i) acc += blockSum(in[i * blockDim.x + threadIdx.x]);  // expected-warning {{write to 'partial' may overwrite data another warp still reads at line 75 in the previous iteration of the loop at line 75}} expected-note {{read here}} expected-note {{add __syncthreads() at the end of the loop body}}
  out[threadIdx.x] = acc;
}

__global__ void reduceInLoopSynced(const float* in, float* out, int n) {
  float acc = 0.f;
  for (int i = 0; i < n; ++i) acc += blockSum(in[i * blockDim.x + threadIdx.x], true);
  out[threadIdx.x] = acc;
}

// The trailing barrier under `if (j < COLS)` inside `for (j = 0; j < COLS; ++j)`: the loop's own
// test, always true in its body (ggml's mmvf.cu writes it so): clean.
template <int COLS>
__global__ void barrierUnderLoopTest(const float* in, float* out) {
  __shared__ float buf[32];
  float sum[COLS];
  for (int j = 0; j < COLS; ++j) sum[j] = in[j * blockDim.x + threadIdx.x];
  for (int j = 0; j < COLS; ++j) {
    buf[threadIdx.x / 32] = sum[j];
    __syncthreads();
    if (threadIdx.x < 32) sum[j] = buf[threadIdx.x % 8];
    if (j < COLS) {
      __syncthreads();
    }
  }
  out[threadIdx.x] = sum[0];
}

// The trailing barrier skipped only in the last iteration (`if (j < COLS - 1)`, ggml's
// fattn-vec.cuh): no next iteration follows it, clean. Skipped one iteration earlier, the write
// of the next iteration races with the reads.
template <int COLS, int SKIP>
__global__ void barrierButLast(const float* in, float* out) {
  __shared__ float buf[32];
  float sum[COLS];
  for (int j = 0; j < COLS; ++j) sum[j] = in[j * blockDim.x + threadIdx.x];
  for (int j = 0; j < COLS; ++j) {
    buf[threadIdx.x / 32] = sum[j];  // expected-warning {{write to 'buf' may overwrite data another warp still reads at line 114 in the previous iteration of the loop at line 111}} expected-note {{read here}} expected-note {{add __syncthreads() at the end of the loop body}}
    __syncthreads();
    if (threadIdx.x < 32) sum[j] = buf[threadIdx.x % 8];
    if (j < COLS - SKIP) {
      __syncthreads();
    }
  }
  out[threadIdx.x] = sum[0];
}

// A barrier two helper calls deep, in helpers that touch no shared memory, is still a barrier:
// clean. A helper with no barrier anywhere below it orders nothing.
__device__ void barrierInner() { __syncthreads(); }
__device__ void barrierOuter() { barrierInner(); }
__device__ float twice(float v) { return v * 2.f; }

__global__ void nestedBarrier(const float* in, float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  barrierOuter();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void helperWithoutBarrier(const float* in, float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = twice(in[threadIdx.x]);
  out[threadIdx.x] += s[255 - threadIdx.x];  // expected-warning {{read of 's' may run before another warp's write at line 137: no __syncthreads() between the write and this read}} expected-note {{written here}} expected-note {{add __syncthreads() between the write and the read}}
}

// The split barrier of CUDA 12+: the wait completes the barrier; the arrival alone orders nothing.
__global__ void splitBarrier(const float* in, float* out) {
  __shared__ float s[256];
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  s[threadIdx.x] = in[threadIdx.x];
  block.barrier_wait(block.barrier_arrive());
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void arrivalOnly(const float* in, float* out) {
  __shared__ float s[256];
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  s[threadIdx.x] = in[threadIdx.x];
  auto token = block.barrier_arrive();
  out[threadIdx.x] = s[255 - threadIdx.x];  // expected-warning {{read of 's' may run before another warp's write at line 154: no __syncthreads() between the write and this read}} expected-note {{written here}} expected-note {{add __syncthreads() between the write and the read}}
  block.barrier_wait(static_cast<decltype(token)&&>(token));
}

void run(const float* A, const float* B, float* C, int N) {
  barrierUnderLoopTest<4><<<1, 256>>>(A, C);
  barrierButLast<4, 1><<<1, 256>>>(A, C);
  barrierButLast<4, 2><<<1, 256>>>(A, C);
  tiled<<<1, dim3(TILE, TILE)>>>(A, B, C, N);
  noTrailingBarrier<<<1, dim3(TILE, TILE)>>>(A, B, C, N);
  transposeNoBarrier<<<1, dim3(TILE, TILE)>>>(A, C);
  ownAndWarp<<<1, 256>>>(A, C);
  reduceInLoop<<<1, 256>>>(A, C, N);
  reduceInLoopSynced<<<1, 256>>>(A, C, N);
  nestedBarrier<<<1, 256>>>(A, C);
  helperWithoutBarrier<<<1, 256>>>(A, C);
  splitBarrier<<<1, 256>>>(A, C);
  arrivalOnly<<<1, 256>>>(A, C);
}

