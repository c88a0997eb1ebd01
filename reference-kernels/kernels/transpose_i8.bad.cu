// Tiled int8 matrix transpose (8-bit images, quantized tensors), out = in^T, through a 32x32
// tile in shared memory, 32x8 threads per block, each thread moves 4 elements per phase.
// Four int8 share one bank word: the row-wise write is conflict-free. The column read
// tile[threadIdx.x][...] steps by one 32-byte row per lane: 8 distinct words in each of
// banks 0, 8, 16 and 24. Paddings of 1 to 3 bytes leave a 2-way conflict; 4 bytes (36-byte
// rows = 9 words) put the 32 lanes in 32 banks.
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>
#include <cstdint>

namespace REFK_VARIANT {

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

__global__ void transpose_i8(int8_t* __restrict__ out, const int8_t* __restrict__ in,
                             int width, int height) {
  __shared__ int8_t tile[TILE_DIM][TILE_DIM];

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
cudaError_t launch_transpose_i8(int8_t* out, const int8_t* in, int width, int height,
                                cudaStream_t stream) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 block(32, 8);
  transpose_i8<<<grid, block, 0, stream>>>(out, in, width, height);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
