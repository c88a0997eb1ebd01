// A flattened 1-D tile indexed with row * BK + k: the column walk (one row per lane) is 32-way
// with BK = 32, and the row-major fill is clean.
#include <cuda_runtime.h>
#define BM 32
#define BK 32

__global__ void flat(const float* A, float* out) {
    __shared__ float As[BM * BK];
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) As[i] = A[i];
    __syncthreads();
    float acc = 0.f;
    #pragma unroll 1
    for (int k = 0; k < BK; ++k) acc += As[threadIdx.x * BK + k];  // expected-warning {{32-way bank conflict on load from 'As' (32 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = acc;
}

void launch(const float* A, float* out) { flat<<<1, 32>>>(A, out); }
