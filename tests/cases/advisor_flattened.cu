// A flattened 1-D tile: the conflict is found; the fix needs the row stride changed in the
// declaration and in every index, which is not automated, and the note says how.
#include <cuda_runtime.h>
#define BM 32
#define BK 32

__global__ void flat(const float* A, float* out) {
    __shared__ float As[BM * BK];
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) As[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = As[threadIdx.x * BK + 3];  // expected-warning {{32-way bank conflict on load from 'As'}} expected-note {{no fix proposed: 'As' is a one-dimensional array: pad its row stride by hand}}
}

void launch(const float* A, float* out) { flat<<<1, 32>>>(A, out); }
