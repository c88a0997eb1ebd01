// A float tile that is also read as float4: padding by one float would break the float4
// alignment, so the search only tries multiples of 4 floats (16 bytes).
#include <cuda_runtime.h>

__global__ void mixed(const float* in, float* out) {
    __shared__ __align__(16) float t[32][32];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    float4 v = reinterpret_cast<const float4*>(&t[threadIdx.y][0])[threadIdx.x % 8];
    float c = t[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 't'}} expected-note {{pad 't' to t[32][32 + 4]}} expected-note {{only paddings that keep the alignment were considered: rows must stay a multiple of 16 bytes (float4 access at line 9)}}
    out[threadIdx.y * 32 + threadIdx.x] = c + v.x;
}

void launch(const float* in, float* out) { mixed<<<1, dim3(32, 32)>>>(in, out); }
