// Tiled fp16 (__half) matrix transpose, out = in^T, through a 32x32 tile in shared memory,
// 32x8 threads per block, each thread moves 4 elements per phase.
// Two __half share one 4-byte bank word, so the row-wise write of the tile is conflict-free
// (two lanes in one word do not conflict). The column read tile[threadIdx.x][...] steps by
// one 64-byte row per lane: 16 distinct words in each of banks 0 and 16. One __half of padding
// (66-byte rows) still puts two lanes' words in one bank (2-way); two (68-byte rows = 17 words)
// spread the 32 lanes over 32 banks.
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>
#include <cuda_fp16.h>

namespace REFK_VARIANT {

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

__global__ void transpose_f16(__half* __restrict__ out, const __half* __restrict__ in,
                              int width, int height) {
  __shared__ __half tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < width && y + j < height) {
      tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
    }
  }
  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < height && y + j < width) {
      out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}

// in: height x width (row-major), out: width x height.
cudaError_t launch_transpose_f16(__half* out, const __half* in, int width, int height,
                                 cudaStream_t stream) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 block(32, 8);
  transpose_f16<<<grid, block, 0, stream>>>(out, in, width, height);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
