// The transpose from the shared-memory guide: a 32x32 tile read along its columns.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose(const float* in, float* out, int width, int height) {
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < width && y < height) tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < height && y < width) out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

void launchTranspose(const float* in, float* out, int n) {
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    transpose<<<grid, block>>>(in, out, n, n);
}
