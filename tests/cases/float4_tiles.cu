// float4 accesses are served 8 lanes at a time: a column of a float4 tile with 8 float4 per
// row puts each group's 8 lanes on the same 4 banks (8-way: 32 wavefronts, ideal 4); reading
// along rows is clean at the 4-wavefront minimum.
#include <cuda_runtime.h>

__global__ void float4Tiles(const float4* in, float4* out) {
    __shared__ float4 t[32][8];
    t[threadIdx.x / 8][threadIdx.x % 8] = in[threadIdx.x];
    __syncthreads();
    float4 a = t[threadIdx.x][0];  // expected-warning {{8-way bank conflict on load from 't' (32 wavefronts per warp, ideal 4)}}
    float4 b = t[threadIdx.x / 8][threadIdx.x % 8];
    out[threadIdx.x] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

void launch(const float4* in, float4* out) { float4Tiles<<<1, 32>>>(in, out); }
