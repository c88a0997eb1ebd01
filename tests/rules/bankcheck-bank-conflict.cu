// bankcheck-bank-conflict: a shared-memory access whose worst warp-instruction needs more
// wavefronts than its ideal, at or above --min-ways. Reported: the column read of a 32x32 tile
// (32-way) with its shape, worst case and the advisor's padding; a 2-way stride-2 read with the
// 1-D padding and its cost. Not reported: the row writes and a broadcast read.
// ARGS: --checks=-*,bankcheck-bank-conflict
#include <cuda_runtime.h>

__global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}} expected-note {{block 32x32x1 (launch at bankcheck-bank-conflict.cu:24)}} expected-note {{worst case: warp 0: lanes 0-31 touch 32 different words of bank 0}} expected-note {{pad 'tile' to tile[32][32 + 1]: +128 bytes of shared memory per block}}
}

__global__ void strided(float* out) {
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    s[threadIdx.x + 32] = 0.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * 2] + s[0];  // expected-warning {{2-way bank conflict on load from 's' (2 wavefronts per warp, ideal 1)}} expected-note {{block 32x1x1 (launch at bankcheck-bank-conflict.cu:25)}} expected-note {{worst case: warp 0: lanes 0, 16 touch 2 different words of bank 0}} expected-note {{pad 's' to s[64 + 64 / 32]}} expected-note {{every index i becomes i + i / 32 (3 indices)}}
}

void launch(const float* in, float* out) {
    transpose<<<1, dim3(32, 32)>>>(in, out);
    strided<<<1, 32>>>(out);
}
