// ptxas merges the copies of consecutive iterations of an unrolled loop into one wider access even
// when an unrolled inner loop sits in between: `A[row + r][k]` over `r` (8 rows, 64 bytes apart)
// inside `k` (consecutive floats) became LDS.128 on the H200, 1-way, where scalar loads would be
// 2-way (leimao/CUDA-GEMM-Optimization's gemm_v04, docs/verification/public-code-h200.md; this
// kernel's SASS has 32 LDS.128 on line 18). Without the pragmas (SGEMM_CUDA's kernel 5, measured
// LDS, 2-way) nvcc does not unroll the outer loop for it, and bankcheck predicts no merge. A loop
// that runs once (ggml's `for (j = 0; j < ncols; ++j)` with ncols 1) is no obstacle either.
#include <cuda_runtime.h>

__device__ void fill(float (&A)[128][16], const float* in) {
    for (int i = threadIdx.x; i < 128 * 16; i += 256) A[i / 16][i % 16] = in[i];
    __syncthreads();
}

__global__ void outerMerge(const float* in, float* out) {
    __shared__ float A[128][16];
    fill(A, in);
    const unsigned row = threadIdx.x / 16 * 8;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        float vals[8];
#pragma unroll
        for (int r = 0; r < 8; ++r) vals[r] = A[row + r][k];
        for (int r = 0; r < 8; ++r) acc += vals[r];
    }
    out[threadIdx.x] = acc;
}

__global__ void noPragmas(const float* in, float* out) {
    __shared__ float A[128][16];
    fill(A, in);
    const unsigned row = threadIdx.x / 16 * 8;
    float acc = 0.f;
    for (int k = 0; k < 16; ++k) {
        float vals[8];
        for (int r = 0; r < 8; ++r) vals[r] = A[row + r][k];  // expected-warning {{2-way bank conflict on load from 'A'}}
        for (int r = 0; r < 8; ++r) acc += vals[r];
    }
    out[threadIdx.x] = acc;
}

template <int ncols>
__global__ void loopRunsOnce(const float* in, float* out) {
    __shared__ float A[128][16];
    fill(A, in);
    const unsigned row = threadIdx.x / 16 * 8;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        float vals[ncols];
#pragma unroll
        for (int j = 0; j < ncols; ++j) vals[j] = A[row + j][k];
        acc += vals[0];
    }
    out[threadIdx.x] = acc;
}

void launch(const float* in, float* out) {
    outerMerge<<<1, 256>>>(in, out);
    noPragmas<<<1, 256>>>(in, out);
    loopRunsOnce<1><<<1, 256>>>(in, out);
}
