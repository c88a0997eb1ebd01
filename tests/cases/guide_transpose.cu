// The guide's transpose (seeds/002, 11.4): the 32x32 tile's column read is a 32-way conflict, its
// row write is clean; the 32x33 tile is clean both ways.
#include <cuda_runtime.h>

__global__ void transposeNaive(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}} expected-note {{block 32x32x1 (launch at guide_transpose.cu:30)}} expected-note {{lanes 0-31 touch 32 different words of bank 0}}
}

__global__ void transposePadded(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float* in, float* out, int n) {
    dim3 block(32, 32);
    dim3 grid(n / 32, n / 32);
    transposeNaive<<<grid, block>>>(in, out, n, n);
    transposePadded<<<grid, block>>>(in, out, n, n);
}
