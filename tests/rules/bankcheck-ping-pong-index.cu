// bankcheck-ping-pong-index: a double-buffered loop must fill the stage it does not read. Reading
// and filling the same stage in one iteration ('k % 2' for both, or 'stage' for both) races;
// '(k + 1) % 2' / 'stage ^ 1' does not.
// ARGS: --checks=-*,bankcheck-ping-pong-index
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

__global__ void alternates(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  int stage = 0;
  for (int k = 0; k < K / 32; ++k) {
    cp_async16(&As[stage ^ 1][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[stage][tid % 32][i];
    __syncthreads();
    stage ^= 1;
  }
  C[tid] = acc;
}

__global__ void sameStage(const float* A, float* C, int K) {
  __shared__ __align__(16) float As[2][32][32];
  const int tid = threadIdx.x;
  const int row = tid / 8, col = (tid % 8) * 4;
  cp_async16(&As[0][row][col], A + row * K + col);
  cp_async_commit();
  float acc = 0.f;
  for (int k = 0; k < K / 32; ++k) {
    cp_async16(&As[k % 2][row][col], A + row * K + (k + 1) * 32 + col);
    cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    for (int i = 0; i < 32; ++i) acc += As[k % 2][tid % 32][i];  // expected-warning {{the loop at line 45 reads stage 'k % 2' of 'As' in the same iteration that fills that stage with 'k % 2'}} expected-note {{the same stage is filled here}} expected-note {{fill the other stage}}
    __syncthreads();
  }
  C[tid] = acc;
}

// Plain stores: the next tile is stored into the stage being read.
__global__ void storesIntoReadStage(const float* A, float* C, int K) {
  __shared__ float Bs[2][16][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  Bs[0][ty][tx] = A[ty * K + tx];
  __syncthreads();
  float acc = 0.f;
  int s = 0;
  for (int k = 1; k < K / 16; ++k) {
    for (int i = 0; i < 16; ++i) acc += Bs[s][i][tx];
    Bs[s][ty][tx] = A[(k * 16 + ty) * K + tx];  // expected-warning {{the loop at line 64 reads stage 's' of 'Bs' in the same iteration that fills that stage with 's'}} expected-note {{the same stage is read here}} expected-note {{fill the other stage}}
    __syncthreads();
    s ^= 1;
  }
  C[ty * 64 + tx] = acc;
}

void run(const float* A, float* C, int K) {
  alternates<<<1, 256>>>(A, C, K);
  sameStage<<<1, 256>>>(A, C, K);
  storesIntoReadStage<<<1, dim3(64, 16)>>>(A, C, K);
}
