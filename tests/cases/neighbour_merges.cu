// ptxas merges neighbouring accesses of an array, not only the iterations of a loop: the two
// `HALF2` stores of LeetCUDA's GEMMs are one STS.64 (measured on the H200,
// docs/verification/public-code-h200.md), and loads with a gap between them are one wide load of
// the aligned block that holds them (`tile[x][1..3]` is an LDS.128 of `tile[x][0..3]`, read in the
// SASS of tests/rules/bankcheck-nolint.cu). Stores do not write bytes they were not given: only a
// run of them merges. Nothing merges across a barrier. Measured by
// tests/verification/widths/narrow-h200.sh.
#include <cuda_fp16.h>
#define HALF2(value) (reinterpret_cast<half2*>(&(value))[0])

__global__ void halfPairs(half* in, half* out) {
    __shared__ half tile[32][64];
    const int r = threadIdx.x;
    HALF2(tile[r][8]) = HALF2(in[4 * r]);  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 15 into one 64-bit store}}
    HALF2(tile[r][10]) = HALF2(in[4 * r + 2]);  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 14 into one 64-bit store}}
    __syncthreads();
    out[r] = tile[0][r];
}

__global__ void loadsWithAGap(const float* in, float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    float v = tile[threadIdx.x][1];  // expected-warning {{8-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{merged with the accesses at line 25, 26 into one 128-bit load}}
    v += tile[threadIdx.x][2];  // expected-warning {{8-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{merged with the accesses at line 24, 26 into one 128-bit load}}
    v += tile[threadIdx.x][3];  // expected-warning {{8-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{merged with the accesses at line 24, 25 into one 128-bit load}}
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void storesWithAGap(const float* in, float* out) {
    __shared__ float tile[32][32];
    const int r = threadIdx.x;
    tile[r][1] = in[r];  // expected-warning {{32-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 1)}}
    tile[r][2] = in[r + 32];  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 35 into one 64-bit store}}
    tile[r][3] = in[r + 64];  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 34 into one 64-bit store}}
    __syncthreads();
    out[r] = tile[0][r];
}

__global__ void barrierBetween(const float* in, float* out) {
    __shared__ float tile[32][32];
    const int r = threadIdx.x;
    for (int i = r; i < 32 * 32; i += 32) tile[i / 32][i % 32] = in[i];
    __syncthreads();
    float v = tile[r][0];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}}
    __syncthreads();
    v += tile[r][1];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}}
    out[r] = v;
}

void launch(const float* f, float* o, half* h, half* ho) {
    halfPairs<<<1, 32>>>(h, ho);
    loadsWithAGap<<<1, dim3(32, 32)>>>(f, o);
    storesWithAGap<<<1, 32>>>(f, o);
    barrierBetween<<<1, 32>>>(f, o);
}
