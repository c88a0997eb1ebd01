// Tiled fp32 matrix transpose, out = in^T, through a 32x32 tile in shared memory.
// One block moves one 32x32 tile: it reads rows of `in` (coalesced), writes them into the
// tile row by row, then reads the tile column by column and writes rows of `out` (coalesced).
// BLOCK_ROWS = 8: a 32x8 block, each thread moves 4 elements per phase (j loop).
// BLOCK_ROWS = 32: a 32x32 block, one element per thread (the guide's kernel).
// The column read tile[threadIdx.x][...] walks down a column: with a 32-float row all 32
// lanes of a warp hit the same bank; one extra float per row spreads them over all 32 banks.
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

namespace REFK_VARIANT {

constexpr int TILE_DIM = 32;

template <int BLOCK_ROWS>
__global__ void transpose_f32(float* __restrict__ out, const float* __restrict__ in,
                              int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < width && y + j < height) {
      tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
    }
  }
  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // column of out = row of in
  y = blockIdx.x * TILE_DIM + threadIdx.y;  // row of out = column of in
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < height && y + j < width) {
      out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}

// in: height x width (row-major), out: width x height.
cudaError_t launch_transpose_f32_32x8(float* out, const float* in, int width, int height,
                                      cudaStream_t stream) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  transpose_f32<8><<<grid, dim3(32, 8), 0, stream>>>(out, in, width, height);
  return cudaGetLastError();
}

cudaError_t launch_transpose_f32_32x32(float* out, const float* in, int width, int height,
                                       cudaStream_t stream) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  transpose_f32<32><<<grid, dim3(32, 32), 0, stream>>>(out, in, width, height);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
