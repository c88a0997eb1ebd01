// The advisor on the guide's transpose: pad the row by one float, verified on both accesses.
#include <cuda_runtime.h>

__global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[32][32 + 1]: +128 bytes of shared memory per block; transpose blocks per SM on sm_90: 2 -> 2; verified: all 2 accesses of 'tile' conflict-free after the change}}
}

void launch(const float* in, float* out) { transpose<<<1, dim3(32, 32)>>>(in, out); }
