// bankcheck-cp-async-barrier: a wait covers only the calling thread's own copies; reading what other
// threads copied needs a __syncthreads() after the wait. A thread reading back exactly its own copy
// needs none.
// ARGS: --checks=-*,bankcheck-cp-async-barrier
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cooperative_groups.h>

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
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{read of 'tile' copied by other threads with cp.async, with no __syncthreads() after the cp.async.wait_group 0 at line 45}} expected-note {{copied here, by other threads than the one reading}} expected-note {{add __syncthreads() between the wait and the first read}}
}

__global__ void pipelineNoBarrier(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  __pipeline_memcpy_async(&tile[tid / 8][(tid % 8) * 4], A + tid * 4, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{no __syncthreads() after the __pipeline_wait_prior(0) at line 54}} expected-note {{copied here, by other threads}} expected-note {{add __syncthreads()}}
}

// A block-scope cuda::pipeline: consumer_wait waits on the stage's barrier, which every
// producer's copies arrive on, so the other threads' copies are visible without a barrier.
__global__ void blockPipeline(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  const int tid = threadIdx.x;
  auto pipe = cuda::make_pipeline(cooperative_groups::this_thread_block(), &state);
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[tid / 8][(tid % 8) * 4], A + tid * 4, cuda::aligned_size_t<16>(16), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  C[tid] = tile[tid % 32][tid / 32];
}

// A thread-scope one waits for the calling thread's copies only.
__global__ void threadPipeline(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[tid / 8][(tid % 8) * 4], A + tid * 4, cuda::aligned_size_t<16>(16), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  C[tid] = tile[tid % 32][tid / 32];  // expected-warning {{no __syncthreads() after the pipeline.consumer_wait() at line 80}} expected-note {{copied here, by other threads}} expected-note {{add __syncthreads()}}
}

void run(const float* A, float* C) {
  blockPipeline<<<1, 256>>>(A, C);
  threadPipeline<<<1, 256>>>(A, C);
  withBarrier<<<1, 256>>>(A, C);
  ownCopy<<<1, 256>>>(A, C);
  barrierBeforeWait<<<1, 256>>>(A, C);
  pipelineNoBarrier<<<1, 256>>>(A, C);
}
