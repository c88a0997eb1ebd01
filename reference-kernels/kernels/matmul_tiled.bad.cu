// The guide's tiled matrix multiplication, C = A x B, all N x N fp32 row-major, TILE = 32,
// one output element per thread, a 32x32 block (guide "Shared Memory & Tiling", 11.3).
// A TRUE NEGATIVE: every shared-memory access is already conflict-free, so the fixed file is
// byte-identical to this one. As[threadIdx.y][k] is one address for the whole warp (a
// broadcast), Bs[k][threadIdx.x] and both tile stores are 32 consecutive floats.
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

namespace REFK_VARIANT {

#define TILE 32

__global__ void matmulTiled(const float* A, const float* B, float* C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;

  for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
    // Cooperative load of one tile of A and B (coalesced)
    int aCol = t * TILE + threadIdx.x;
    int bRow = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
    __syncthreads();  // tile fully loaded

#pragma unroll
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];  // reuse from shared memory
    __syncthreads();  // done with this tile
  }
  if (row < N && col < N) C[row * N + col] = sum;
}

cudaError_t launch_matmul_tiled(const float* A, const float* B, float* C, int N,
                                cudaStream_t stream) {
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  matmulTiled<<<grid, block, 0, stream>>>(A, B, C, N);
  return cudaGetLastError();
}

#undef TILE

}  // namespace REFK_VARIANT
