// bankcheck-cp-async-wait: a read of a buffer cp.async fills needs a wait_group that completes
// the group holding its copies. The seed skill's double buffer (prefetch k+1, commit,
// wait_group 1, __syncthreads, compute k) is correct; waiting before committing the next copy
// with wait_group 1 leaves the group being read in flight; no wait at all; a read of copies
// never committed.
// ARGS: --checks=-*,bankcheck-cp-async-wait
#include <cuda_runtime.h>
#include <cuda_pipeline.h>

// Thin wrappers, as real kernels write them (LeetCUDA, CUTLASS's cp_async helpers).
__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }
#define CP_ASYNC_WAIT_ALL() asm volatile("cp.async.wait_all;\n" ::)

__global__ void seedDoubleBuffer(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    if (k + 1 < K / 32) cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

// Three stages with the pipeline primitives: wait_prior(1) completes the oldest of two groups.
__global__ void threeStages(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[3][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  for (int s = 0; s < 2; ++s) {
    __pipeline_memcpy_async(&As[s][row][col], A + row * K + s * 32 + col, 16);
    __pipeline_commit();
  }
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    __pipeline_wait_prior(1);
    __syncthreads();
    __pipeline_memcpy_async(&As[(k + 2) % 3][row][col], A + row * K + (k + 2) * 32 + col, 16);
    __pipeline_commit();
    for (int i = 0; i < 32; ++i) acc += As[k % 3][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

__global__ void waitBeforeCommit(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];  // expected-warning {{read of 'As' (stage k % 2) while the cp.async group that fills it may still be in flight: the cp.async.wait_group 1 at line 67 leaves the newest 1 group pending}} expected-note {{the buffer is filled here}} expected-note {{wait with cp.async.wait_group 0 at that point, or commit the next stage's copies before the wait}}
    __syncthreads();
    cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
  }
  C[tid] = acc;
}

__global__ void noWait(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  cp_async_commit();
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{read of 'tile' while the cp.async group that fills it may still be in flight: no cp.async.wait_group between its commit at line 81 and this read}} expected-note {{the buffer is filled here}} expected-note {{commit the copies, then cp.async.wait_group}}
}

__global__ void neverCommitted(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{read of 'tile' before the cp.async that fills it (line 89) is committed and waited for}} expected-note {{the buffer is filled here}} expected-note {{commit the copies, then cp.async.wait_group}}
}

void run(const float* A, float* C, int K) {
  seedDoubleBuffer<<<1, 256>>>(A, C, K);
  threeStages<<<1, 256>>>(A, C, K);
  waitBeforeCommit<<<1, 256>>>(A, C, K);
  noWait<<<1, 256>>>(A, C);
  neverCommitted<<<1, 256>>>(A, C);
}
