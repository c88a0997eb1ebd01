// 3-D 7-point stencil (Laplacian / heat step) on an nx x ny x nz grid, x fastest,
//   out = c0 * u + c1 * (sum of the 6 face neighbours), cells outside the grid read as 0.
// Block 8 x 4 x 4 = 128 threads, one output each; the block stages its cells plus the 6 face
// halos in a (4+2) x (4+2) x (8+2) tile (edges and corners are not needed).
// A warp is one z-plane of the block: 4 rows of 8 lanes. With 10 floats per tile row the 4
// rows land 10 banks apart and the 4th row wraps onto the 1st (2-way) on the interior store,
// the z-face stores and all 7 reads. 4 rows of 8 floats are disjoint in banks only when the
// row stride is 8 or 24 (mod 32) floats: the smallest such stride of at least 10 is 24, i.e.
// 14 floats of padding in x.
#ifndef REFK_VARIANT
#define REFK_VARIANT bad
#endif
#include <cuda_runtime.h>

namespace REFK_VARIANT {

constexpr int BX = 8;
constexpr int BY = 4;
constexpr int BZ = 4;

__device__ __forceinline__ float cell3(const float* __restrict__ u, int x, int y, int z, int nx,
                                       int ny, int nz) {
  return (x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz)
             ? u[((size_t)z * ny + y) * nx + x]
             : 0.0f;
}

__global__ void stencil3d_7pt(float* __restrict__ out, const float* __restrict__ u, int nx, int ny,
                              int nz, float c0, float c1) {
  __shared__ float tile[BZ + 2][BY + 2][BX + 2 + 14];

  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int tz = threadIdx.z;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;
  const int z = blockIdx.z * BZ + tz;

  tile[tz + 1][ty + 1][tx + 1] = cell3(u, x, y, z, nx, ny, nz);
  if (tx == 0) tile[tz + 1][ty + 1][0] = cell3(u, x - 1, y, z, nx, ny, nz);
  if (tx == BX - 1) tile[tz + 1][ty + 1][BX + 1] = cell3(u, x + 1, y, z, nx, ny, nz);
  if (ty == 0) tile[tz + 1][0][tx + 1] = cell3(u, x, y - 1, z, nx, ny, nz);
  if (ty == BY - 1) tile[tz + 1][BY + 1][tx + 1] = cell3(u, x, y + 1, z, nx, ny, nz);
  if (tz == 0) tile[0][ty + 1][tx + 1] = cell3(u, x, y, z - 1, nx, ny, nz);
  if (tz == BZ - 1) tile[BZ + 1][ty + 1][tx + 1] = cell3(u, x, y, z + 1, nx, ny, nz);
  __syncthreads();

  if (x < nx && y < ny && z < nz) {
    const float center = tile[tz + 1][ty + 1][tx + 1];
    const float xm = tile[tz + 1][ty + 1][tx];
    const float xp = tile[tz + 1][ty + 1][tx + 2];
    const float ym = tile[tz + 1][ty][tx + 1];
    const float yp = tile[tz + 1][ty + 2][tx + 1];
    const float zm = tile[tz][ty + 1][tx + 1];
    const float zp = tile[tz + 2][ty + 1][tx + 1];
    out[((size_t)z * ny + y) * nx + x] = c0 * center + c1 * (xm + xp + ym + yp + zm + zp);
  }
}

cudaError_t launch_stencil3d_7pt(float* out, const float* u, int nx, int ny, int nz, float c0,
                                 float c1, cudaStream_t stream) {
  dim3 block(8, 4, 4);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY, (nz + BZ - 1) / BZ);
  stencil3d_7pt<<<grid, block, 0, stream>>>(out, u, nx, ny, nz, c0, c1);
  return cudaGetLastError();
}

}  // namespace REFK_VARIANT
