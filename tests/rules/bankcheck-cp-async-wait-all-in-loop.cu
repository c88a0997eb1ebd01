// bankcheck-cp-async-wait-all-in-loop: in a double-buffered loop, wait_group 0 placed after the
// next stage's copies were committed also waits for that prefetch. wait_group 1 there is the
// seed skill's pattern; wait_group 0 before the prefetch is issued, or in a single-stage loop,
// loses nothing.
// ARGS: --checks=-*,bankcheck-cp-async-wait-all-in-loop
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

__global__ void overlapLost(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    cp_async_wait<0>();  // expected-warning {{cp.async.wait_group 0 in the multi-stage loop at line 26 also waits for the copies into 'As' (stage}} expected-note {{the prefetch is issued here}} expected-note {{use cp.async.wait_group 1 (stages - 1)}}
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

__global__ void keepsOverlap(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

// The wait comes before the prefetch is issued: it waits only for the stage read next.
__global__ void waitThenPrefetch(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async_wait<0>();
    __syncthreads();
    cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

// One buffer: load, wait for it, compute. Nothing to overlap.
__global__ void singleStage(const float* A, float* C, int K) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async16(&tile[tid / 8][(tid % 8) * 4], A + (tid / 8) * K + k * 32 + (tid % 8) * 4);
    cp_async_commit();
    cp_async_wait<0>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += tile[tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

void run(const float* A, float* C, int K) {
  overlapLost<<<1, 256>>>(A, C, K);
  keepsOverlap<<<1, 256>>>(A, C, K);
  waitThenPrefetch<<<1, 256>>>(A, C, K);
  singleStage<<<1, 256>>>(A, C, K);
}
