// bankcheck-cp-async-barrier: a wait covers only the calling thread's own copies; reading what other
// threads copied needs a __syncthreads() after the wait. A thread reading back exactly its own copy
// needs none.
// ARGS: --checks=-*,bankcheck-cp-async-barrier
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

__global__ void withBarrier(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];
}

__global__ void ownCopy(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  cp_async_commit();
  cp_async_wait<0>();
  C[tid] = tile[tid / 8][(tid % 8) * 4 + 1];  // the thread's own 16 bytes: no barrier needed
}

__global__ void barrierBeforeWait(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  cp_async_commit();
  __syncthreads();
  cp_async_wait<0>();
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{read of 'tile' copied by other threads with cp.async, with no __syncthreads() after the cp.async.wait_group 0 at line 43}} expected-note {{copied here, by other threads than the one reading}} expected-note {{add __syncthreads() between the wait and the first read}}
}

__global__ void pipelineNoBarrier(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  __pipeline_memcpy_async(&tile[tid / 8][(tid % 8) * 4], A + tid * 4, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{no __syncthreads() after the __pipeline_wait_prior(0) at line 52}} expected-note {{copied here, by other threads}} expected-note {{add __syncthreads()}}
}

void run(const float* A, float* C) {
  withBarrier<<<1, 256>>>(A, C);
  ownCopy<<<1, 256>>>(A, C);
  barrierBeforeWait<<<1, 256>>>(A, C);
  pipelineNoBarrier<<<1, 256>>>(A, C);
}
