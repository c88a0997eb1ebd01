// Code nvcc compiles and Clang rejects, read as nvcc reads it (frontend/NvccDialect.h), and CUB's
// block collectives counted as the barriers they contain. (A member template named without
// `template`, which Clang cannot read as nvcc does, is tests/cli/inputs/missing_template_keyword.cu.)
#include <cub/cub.cuh>

// A CUB TempStorage in a union needs a user-provided constructor; nvcc runs none for a __shared__
// variable and accepts an empty __host__ one. Clang found no constructor it could call from the
// kernel: "not analyzed: it does not compile" (exit 2). Analyzed now.
template <typename T, int TPB, int VPT>
__global__ void unionWithTempStorage(const T* input, T* output) {
    using BlockReduce = cub::BlockReduce<float, TPB>;
    union SMem {
        T shm[VPT * TPB];
        typename BlockReduce::TempStorage reduce;
        SMem() {}
    };
    __shared__ SMem tmp;
    tmp.shm[threadIdx.x * VPT] = input[threadIdx.x];  // expected-warning {{2-way bank conflict on store to 'tmp'}}
    __syncthreads();
    output[threadIdx.x] = tmp.shm[threadIdx.x];
}

// BlockReduce::Sum synchronizes the block between its TempStorage writes and reads, so thread 0's
// write of `total` in the next iteration cannot overtake another warp's read of it: no race.
__global__ void blockSumsInLoop(const float* in, float* out, int rows) {
    using BlockReduce = cub::BlockReduce<float, 128>;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float total;
    float acc = 0.f;
    for (int r = 0; r < rows; ++r) {
        const float s = BlockReduce(temp).Sum(in[r * 128 + threadIdx.x]);  // clean: CUB's own accesses, one lane each
        if (threadIdx.x == 0) total = s;
        __syncthreads();
        acc += total;
    }
    out[threadIdx.x] = acc;
}

// A warp collective synchronizes one warp only: the same loop races.
__global__ void warpSumsInLoop(const float* in, float* out, int rows) {
    __shared__ cub::WarpReduce<float>::TempStorage temp[4];
    __shared__ float total;
    float acc = 0.f;
    for (int r = 0; r < rows; ++r) {
        const float s = cub::WarpReduce<float>(temp[threadIdx.x / 32]).Sum(in[r * 128 + threadIdx.x]);
        if (threadIdx.x == 0) total = s;  // expected-warning {{write to 'total' may overwrite data another warp still reads at line 48 in the previous iteration of the loop at line 44}}
        __syncthreads();
        acc += total;
    }
    out[threadIdx.x] = acc;
}

void run(const float* in, float* out) {
    unionWithTempStorage<float, 128, 2><<<1, 128>>>(in, out);
    blockSumsInLoop<<<1, 128>>>(in, out, 4);
    warpSumsInLoop<<<1, 128>>>(in, out, 4);
}
