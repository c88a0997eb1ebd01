// Lane predicates on thread indices turn lanes off: a stride-2 read by all 32 lanes is 2-way
// (word n and n+32 share a bank), by the first 16 lanes only it is clean. A condition on a
// runtime value is assumed true, and the note says so.
#include <cuda_runtime.h>

__global__ void strided(const float* in, float* out, int n) {
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    s[threadIdx.x + 32] = in[threadIdx.x + 32];
    __syncthreads();
    float v = s[threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 's' (2 wavefronts per warp, ideal 1)}}
    if (threadIdx.x < 16) v += s[threadIdx.x * 2];
    if (n > 4) v += s[threadIdx.x * 2 + 1];  // expected-warning {{2-way bank conflict}} expected-note {{assumed true for every lane: it depends on 'n'}}
    out[threadIdx.x] = v;
}

void launch(const float* in, float* out, int n) { strided<<<1, 32>>>(in, out, n); }
