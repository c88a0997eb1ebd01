// bankcheck-cp-async-commit: cp.async.wait_group counts committed groups; copies issued after the
// last commit_group are not waited for. cp.async.wait_all commits first (PTX), so it is clean.
// ARGS: --checks=-*,bankcheck-cp-async-commit
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

__global__ void committed(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];
}

__global__ void waitAllCommits(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);
  CP_ASYNC_WAIT_ALL();
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];
}

__global__ void forgotten(const float* A, float* C) {
  __shared__ __align__(16) float tile[32][32];
  const int tid = threadIdx.x;
  cp_async16(&tile[tid / 8][(tid % 8) * 4], A + tid * 4);  // expected-warning {{cp.async into 'tile' is not committed before the cp.async.wait_group 0 at line 40: wait_group counts committed groups only}} expected-note {{the wait is here}} expected-note {{call cp.async.commit_group}}
  cp_async_wait<0>();
  __syncthreads();
  C[tid] = tile[tid % 32][tid / 32];
}

// The next stage's copies are issued after the iteration's commit: the wait_group 1 that follows does
// not count them (they slip into the next group).
__global__ void commitTooEarly(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async_commit();
    cp_async16(&As[(k + 1) % 2][row][col], A + row * K + (k + 1) * 32 + col);  // expected-warning {{cp.async into 'As' is not committed before the cp.async.wait_group 1 at line 57}} expected-note {{the wait is here}} expected-note {{call cp.async.commit_group}}
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];
    __syncthreads();
  }
  C[tid] = acc;
}

void run(const float* A, float* C, int K) {
  committed<<<1, 256>>>(A, C);
  waitAllCommits<<<1, 256>>>(A, C);
  forgotten<<<1, 256>>>(A, C);
  commitTooEarly<<<1, 256>>>(A, C, K);
}
