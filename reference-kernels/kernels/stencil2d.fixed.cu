// 2-D 5-point stencil with a one-cell halo (a Jacobi / heat-equation step),
//   out[y][x] = c0 * u[y][x] + c1 * (u[y-1][x] + u[y+1][x] + u[y][x-1] + u[y][x+1]),
// cells outside the nx x ny grid read as 0. 16 x 16 threads per block, one output each; the
// block stages its 16 x 16 cells plus the halo in an 18 x 18 tile.
// With a 16-wide block a warp covers two rows of the tile. Lanes 16..31 read 18 floats after
// lanes 0..15, so the two half-warps overlap in 2 banks (2-way) on the interior store and on
// every tile read. Only a row stride of 16 (mod 32) floats separates two 16-float rows
// completely: the smallest such stride of at least 18 is 48, i.e. 30 floats of padding
// (+2160 bytes per block). (A 32 x 8 block, one row per warp, would not need it.)
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

namespace REFK_VARIANT {

constexpr int BX = 16;
constexpr int BY = 16;

__device__ __forceinline__ float cell(const float* __restrict__ u, int x, int y, int nx, int ny) {
  return (x >= 0 && x < nx && y >= 0 && y < ny) ? u[(size_t)y * nx + x] : 0.0f;
}

__global__ void stencil2d_5pt(float* __restrict__ out, const float* __restrict__ u, int nx, int ny,
                              float c0, float c1) {
  __shared__ float tile[BY + 2][BX + 2 + 30];

  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;

  tile[ty + 1][tx + 1] = cell(u, x, y, nx, ny);
  if (tx == 0) tile[ty + 1][0] = cell(u, x - 1, y, nx, ny);
  if (tx == BX - 1) tile[ty + 1][BX + 1] = cell(u, x + 1, y, nx, ny);
  if (ty == 0) tile[0][tx + 1] = cell(u, x, y - 1, nx, ny);
  if (ty == BY - 1) tile[BY + 1][tx + 1] = cell(u, x, y + 1, nx, ny);
  __syncthreads();

  if (x < nx && y < ny) {
    const float center = tile[ty + 1][tx + 1];
    const float north = tile[ty][tx + 1];
    const float south = tile[ty + 2][tx + 1];
    const float west = tile[ty + 1][tx];
    const float east = tile[ty + 1][tx + 2];
    out[(size_t)y * nx + x] = c0 * center + c1 * (north + south + west + east);
  }
}

cudaError_t launch_stencil2d_5pt(float* out, const float* u, int nx, int ny, float c0, float c1,
                                 cudaStream_t stream) {
  dim3 block(16, 16);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  stencil2d_5pt<<<grid, block, 0, stream>>>(out, u, nx, ny, c0, c1);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
