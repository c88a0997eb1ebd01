// A device function that takes the shared tile by reference (`float (&tile)[32][32]`) and writes
// it in a loop: the writes are accesses of the kernel's array. The loop's "variables it changes"
// once counted the reference itself, which lost its binding, and the stores were silently missed.
#include <cuda_runtime.h>

__device__ void loadTransposed(float (&tile)[32][32], const float* in) {
#pragma unroll 1
    for (int i = 0; i < 32; ++i)
        tile[threadIdx.x][i] = in[i * 32 + threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile'}}
    __syncthreads();
}

__device__ float sumColumn(const float (&tile)[32][32]) {
    float acc = 0.f;
    for (int i = 0; i < 32; ++i) acc += tile[i][threadIdx.x];
    return acc;
}

__global__ void transposeSum(const float* in, float* out) {
    __shared__ float tile[32][32];
    loadTransposed(tile, in);
    out[threadIdx.x] = sumColumn(tile);
}

void launch(const float* in, float* out) { transposeSum<<<1, 32>>>(in, out); }

// A reference to one shared element, updated in a loop: written through, never rebound, so its
// accesses stay computed (they were "not computed: floating-point value").
__global__ void referenceToElement(float* out, int n) {
    __shared__ float S[64];
    float& r = S[threadIdx.x * 2];
    r = 0.f;  // expected-warning {{2-way bank conflict on store to 'S'}}
    for (int i = 0; i < n; ++i) r += 1.f;  // expected-warning {{2-way bank conflict on load from 'S'}} expected-warning {{2-way bank conflict on store to 'S'}}
    __syncthreads();
    out[threadIdx.x] = S[threadIdx.x];
}

void launchElement(float* out, int n) { referenceToElement<<<1, 32>>>(out, n); }

// The same reference written in a range-based for loop over a local array of floats, whose
// elements are not followed: the loop's read and write of S[tid * 2] were once silently missed;
// the loop runs 4 times whatever the floats are, so it is walked (since 2026-12-06).
__global__ void referenceInRangeFor(const float* in, float* out) {
    __shared__ float S[64];
    float vals[4] = {in[0], in[1], in[2], in[3]};
    float& r = S[threadIdx.x * 2];
    r = 0.f;  // expected-warning {{2-way bank conflict on store to 'S'}}
    for (float x : vals) r += x;  // expected-warning {{2-way bank conflict on load from 'S'}} expected-warning {{2-way bank conflict on store to 'S'}}
    __syncthreads();
    out[threadIdx.x] = S[threadIdx.x];
}

void launchRangeFor(const float* in, float* out) { referenceInRangeFor<<<1, 32>>>(in, out); }
