// Double-buffered SGEMM tile loop with asynchronous global->shared copies, written both ways:
// with the __pipeline_* primitives and with hand-written cp.async inline PTX on addresses from
// __cvta_generic_to_shared. Tiles are smem[2][BM][BK + PAD].
#include <cuda_pipeline.h>
#include <cuda_runtime.h>
#include <cstdint>

constexpr int BM = 64, BN = 64, BK = 16, PAD = 4;

__device__ __forceinline__ void cp_async_16(void* smem_ptr, const void* gmem_ptr) {
  unsigned smem_addr = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr), "l"(gmem_ptr));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

__global__ void __launch_bounds__(256) sgemm_cp_async_asm(const float* __restrict__ A, const float* __restrict__ B,
                                                          float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(16) float As[2][BM][BK + PAD];
  __shared__ __align__(16) float Bs[2][BK][BN + PAD];
  const int tid = threadIdx.x;
  const int a_row = tid / (BK / 4), a_col = (tid % (BK / 4)) * 4;  // 64 x 4 float4s
  const int b_row = tid / (BN / 4), b_col = (tid % (BN / 4)) * 4;  // 16 x 16 float4s
  const float* a_src = A + (blockIdx.y * BM + a_row) * K + a_col;
  const float* b_src = B + b_row * N + blockIdx.x * BN + b_col;
  const int ty = tid / 16, tx = tid % 16;
  float acc[4][4] = {};

  cp_async_16(&As[0][a_row][a_col], a_src);
  cp_async_16(&Bs[0][b_row][b_col], b_src);
  cp_async_commit();

  const int tiles = K / BK;
  for (int t = 0; t < tiles; ++t) {
    const int cur = t & 1, nxt = cur ^ 1;
    if (t + 1 < tiles) {
      cp_async_16(&As[nxt][a_row][a_col], a_src + (t + 1) * BK);
      cp_async_16(&Bs[nxt][b_row][b_col], b_src + (t + 1) * BK * N);
    }
    cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) a[i] = As[cur][ty * 4 + i][k];
      float4 bv = *reinterpret_cast<const float4*>(&Bs[cur][k][tx * 4]);
      b[0] = bv.x; b[1] = bv.y; b[2] = bv.z; b[3] = bv.w;
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (blockIdx.y * BM + ty * 4 + i < M) C[(blockIdx.y * BM + ty * 4 + i) * N + blockIdx.x * BN + tx * 4 + j] = acc[i][j];
}

__global__ void sgemm_pipeline_primitives(const float* __restrict__ A, const float* __restrict__ B,
                                          float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(16) float As[2][BM][BK + PAD];
  __shared__ __align__(16) float Bs[2][BK][BN + PAD];
  const int tid = threadIdx.x;
  const int a_row = tid / (BK / 4), a_col = (tid % (BK / 4)) * 4;
  const int b_row = tid / (BN / 4), b_col = (tid % (BN / 4)) * 4;
  const int ty = tid / 16, tx = tid % 16;
  float acc = 0.0f;

  __pipeline_memcpy_async(&As[0][a_row][a_col], &A[(blockIdx.y * BM + a_row) * K + a_col], sizeof(float4));
  __pipeline_memcpy_async(&Bs[0][b_row][b_col], &B[b_row * N + blockIdx.x * BN + b_col], sizeof(float4));
  __pipeline_commit();
  for (int t = 0; t < K / BK; ++t) {
    const int cur = t % 2;
    if ((t + 1) * BK < K) {
      __pipeline_memcpy_async(&As[cur ^ 1][a_row][a_col], &A[(blockIdx.y * BM + a_row) * K + (t + 1) * BK + a_col], 16);
      __pipeline_memcpy_async(&Bs[cur ^ 1][b_row][b_col], &B[((t + 1) * BK + b_row) * N + blockIdx.x * BN + b_col], 16, 0);
    }
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    for (int k = 0; k < BK; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
    __syncthreads();
  }
  __pipeline_wait_prior(0);
  if (blockIdx.y * BM + ty < M) C[(blockIdx.y * BM + ty) * N + blockIdx.x * BN + tx] = acc;
}

__global__ void ldmatrix_x4(const uint32_t* __restrict__ in, uint32_t* __restrict__ out) {
  __shared__ __align__(16) unsigned short tile[32][64 + 8];
  const int lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x)
    reinterpret_cast<uint32_t*>(&tile[i / 32][0])[i % 32] = in[i];
  __syncthreads();
  uint32_t r0, r1, r2, r3;
  uint32_t addr = static_cast<uint32_t>(__cvta_generic_to_shared(&tile[lane % 16][(lane / 16) * 8]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  out[threadIdx.x * 4 + 0] = r0;
  out[threadIdx.x * 4 + 1] = r1;
  out[threadIdx.x * 4 + 2] = r2;
  out[threadIdx.x * 4 + 3] = r3;
}

void launch(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 grid(N / BN, M / BM);
  sgemm_cp_async_asm<<<grid, 256>>>(A, B, C, M, N, K);
  sgemm_pipeline_primitives<<<grid, dim3(256)>>>(A, B, C, M, N, K);
}
