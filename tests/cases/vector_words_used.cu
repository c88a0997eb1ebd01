// A vector loaded from shared memory of which only some words are used is loaded word by word:
// ptxas keeps an aligned pair as one LDS.64 and loads any other used word alone; three or four
// used words are one LDS.128 (measured in the H200's SASS,
// tests/verification/widths/call_and_component_probe.cu). The words used are followed into a
// helper that takes the vector by value, and through a variable assigned rather than declared.
// Rows of 128 bytes, one row per lane: a float4 read is 8-way (32 wavefronts, ideal 4), one word
// of it 32-way (32, ideal 1). Measured by tests/verification/widths/words-h200.sh.
#include <cuda_runtime.h>

__device__ __forceinline__ float firstPair(float4 q) { return q.x + q.y; }
__device__ __forceinline__ float4 scaled(float4 q, float s) { return make_float4(q.x * s, q.y * s, q.z * s, q.w * s); }

__global__ void wordsUsed(const float4* in, float* out) {
    __shared__ float4 t[32][8];
    for (int i = threadIdx.x; i < 32 * 8; i += 32) t[i / 8][i % 8] = in[i];
    __syncthreads();
    const float4 one = t[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 't' (32 wavefronts per warp, ideal 1)}} expected-note {{only one.x of the float4 loaded here is used: nvcc loads that word alone}}
    const float4 pair = t[threadIdx.x][1];  // expected-warning {{16-way bank conflict on load from 't' (32 wavefronts per warp, ideal 2)}} expected-note {{only pair.z, pair.w of the float4 loaded here are used: nvcc loads the two words as one 64-bit load}}
    const float4 apart = t[threadIdx.x][2];  // expected-warning {{32-way bank conflict on load from 't' (32 wavefronts per warp, ideal 1)}} expected-warning {{32-way bank conflict on load from 't' (32 wavefronts per warp, ideal 1)}} expected-note {{only apart.x, apart.z of the float4 loaded here are used: nvcc loads each word alone}}
    const float4 three = t[threadIdx.x][3];  // expected-warning {{8-way bank conflict on load from 't' (32 wavefronts per warp, ideal 4)}}
    const float4 helper = t[threadIdx.x][4];  // expected-warning {{16-way bank conflict on load from 't' (32 wavefronts per warp, ideal 2)}} expected-note {{only helper.x, helper.y of the float4 loaded here are used: nvcc loads the two words as one 64-bit load}}
    const float4 whole = t[threadIdx.x][5];  // expected-warning {{8-way bank conflict on load from 't' (32 wavefronts per warp, ideal 4)}}
    float4 assigned;
    assigned = t[threadIdx.x][6];  // expected-warning {{32-way bank conflict on load from 't' (32 wavefronts per warp, ideal 1)}} expected-note {{only assigned.y of the float4 loaded here is used: nvcc loads that word alone}}
    reinterpret_cast<float4*>(out)[32 + threadIdx.x] = scaled(whole, 2.f);
    out[threadIdx.x] = one.x + pair.z + pair.w + apart.x + apart.z + three.x + three.y + three.z + firstPair(helper) + assigned.y;
}

// Neighbouring scalar loads follow the same rule: words 0 and 2 of a 16-byte block are two loads
// (the SASS puts both on the second line).
__global__ void scalarWordsApart(const float* in, float* out) {
    __shared__ float s[32][32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) s[i / 32][i % 32] = in[i];
    __syncthreads();
    float v = s[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 's' (32 wavefronts per warp, ideal 1)}}
    v += s[threadIdx.x][2];  // expected-warning {{32-way bank conflict on load from 's' (32 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = v;
}

void launch(const float4* in4, const float* in, float* out) {
    wordsUsed<<<1, 32>>>(in4, out);
    scalarWordsApart<<<1, 32>>>(in, out);
}
