// half2 and float2: a half2 is one 4-byte word, so half2 with stride 2 is 2-way like fp32;
// float2 goes 16 lanes at a time, so stride 2 (16 bytes) is 2-way at 4 wavefronts, ideal 2.
#include <cuda_fp16.h>

__global__ void pairs(const float2* f, const __half2* h, float* out) {
    __shared__ float2 fs[64];
    __shared__ __half2 hs[64];
    fs[threadIdx.x] = f[threadIdx.x];
    fs[threadIdx.x + 32] = f[threadIdx.x + 32];
    hs[threadIdx.x] = h[threadIdx.x];
    hs[threadIdx.x + 32] = h[threadIdx.x + 32];
    __syncthreads();
    float2 a = fs[threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 'fs' (4 wavefronts per warp, ideal 2)}}
    float2 b = fs[threadIdx.x];
    __half2 c = hs[threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 'hs' (2 wavefronts per warp, ideal 1)}}
    __half2 d = hs[threadIdx.x];
    out[threadIdx.x] = a.x + a.y + b.x + b.y + __low2float(c) + __high2float(d);
}

void launch(const float2* f, const __half2* h, float* out) { pairs<<<1, 32>>>(f, h, out); }
