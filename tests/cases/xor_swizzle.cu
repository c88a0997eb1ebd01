// An XOR swizzle makes the column walk of a 32x32 tile conflict-free for every k: the mapper
// enumerates the loop because the XOR changes the pattern (it is not a plain shift). Without
// the swizzle the same walk is 32-way.
#include <cuda_runtime.h>

__global__ void swizzled(const float* in, float* out) {
    __shared__ float s[32][32];
    __shared__ float p[32][32];
    s[threadIdx.y][threadIdx.x ^ threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
    p[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    float acc = 0.f;
    #pragma unroll 1
    for (int k = 0; k < 32; ++k) {
        acc += s[threadIdx.x][k ^ threadIdx.x];
        acc += p[threadIdx.x][k];  // expected-warning {{32-way bank conflict on load from 'p' (32 wavefronts per warp, ideal 1)}}
    }
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}

void launch(const float* in, float* out) { swizzled<<<1, dim3(32, 32)>>>(in, out); }
