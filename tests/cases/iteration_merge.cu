// Neighbours merged in one copy of an unrolled loop only (mapper/IterationMerge.h): a bitonic
// step compares list[pos] with list[pos + stride] for stride = 32, 16, ..., 1; in the copy where
// stride is 1 and pos is even, ptxas makes the two one 64-bit access (measured on the H200 in
// faiss's block select, measurements/public-faiss).
#include <cuda_runtime.h>

__global__ void bitonicSteps(float* data) {
    __shared__ float list[128];
    list[threadIdx.x] = data[threadIdx.x];
    list[threadIdx.x + 64] = data[threadIdx.x + 64];
    __syncthreads();
#pragma unroll
    for (int stride = 32; stride > 0; stride /= 2) {
        int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        float a = list[pos];  // expected-warning {{2-way bank conflict on load from 'list'}} expected-note {{on average 1.83 wavefronts per warp-instruction (ideal 1.17) over 12 executions}} expected-note {{iteration 6 of 6 of the unrolled loop at line 13 (stride = 1): merged with the access at line 16 into one 64-bit load}}
        float b = list[pos + stride];  // expected-warning {{2-way bank conflict on load from 'list'}} expected-note {{on average 1.8 wavefronts per warp-instruction (ideal 1) over 10 executions}} expected-note {{iteration 6 of 6 of the unrolled loop at line 13 (stride = 1): merged into the 64-bit load of line 15, counted there}}
        list[pos] = fminf(a, b);  // expected-warning {{2-way bank conflict on store to 'list'}} expected-note {{over 10 executions}} expected-note {{(stride = 1): merged into the 64-bit store of line 18, counted there}}
        list[pos + stride] = fmaxf(a, b);  // expected-warning {{2-way bank conflict on store to 'list'}} expected-note {{over 12 executions}} expected-note {{(stride = 1): merged with the access at line 17 into one 64-bit store}}
        __syncthreads();
    }
    data[threadIdx.x] = list[threadIdx.x];
}

// Odd positions: the pair at stride 1 is not an aligned 8-byte block, so nothing merges.
__global__ void oddPairs(float* data) {
    __shared__ float list[160];
    list[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
#pragma unroll
    for (int stride = 4; stride > 0; stride /= 2) {
        int pos = 2 * threadIdx.x + 1;
        float a = list[pos];  // expected-warning {{2-way bank conflict on load from 'list'}}
        float b = list[pos + stride];  // expected-warning {{2-way bank conflict on load from 'list'}}
        data[threadIdx.x + stride] = a + b;
    }
}

// A bound nvcc does not know (blockDim.x, a kernel argument): the loop is not unrolled whole, no
// copy has a constant stride of 1, and the two loads stay two (cuda-samples' reduce1 and mergeSort).
__global__ void runtimeBound(float* data) {
    __shared__ float list[128];
    list[threadIdx.x] = data[threadIdx.x];
    list[threadIdx.x + 64] = data[threadIdx.x + 64];
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        float a = list[pos];  // expected-warning {{2-way bank conflict on load from 'list'}} expected-note {{on average 1.83 wavefronts per warp-instruction (ideal 1) over 12 executions}}
        float b = list[pos + stride];  // expected-warning {{2-way bank conflict on load from 'list'}} expected-note {{on average 1.83 wavefronts per warp-instruction (ideal 1) over 12 executions}}
        data[pos] = a + b;
    }
}

int main() {
    float* d;
    cudaMalloc(&d, 128 * sizeof(float));
    bitonicSteps<<<1, 64>>>(d);
    oddPairs<<<1, 64>>>(d);
    runtimeBound<<<1, 64>>>(d);
    return 0;
}
