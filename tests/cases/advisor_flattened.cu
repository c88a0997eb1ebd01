// A flattened 1-D tile filled by a linear loop (`As[i]`): padding the row stride would move
// what that loop writes, so no fix is proposed, and the note says which access and what to do.
#include <cuda_runtime.h>
#define BM 32
#define BK 32

__global__ void flat(const float* A, float* out) {
    __shared__ float As[BM * BK];
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) As[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = As[threadIdx.x * BK + 3];  // expected-warning {{32-way bank conflict on load from 'As'}} expected-note {{no fix proposed: the access at line 9 (As[i]) does not use the row stride BK, so padding the rows would change what it reads}}
}

void launch(const float* A, float* out) { flat<<<1, 32>>>(A, out); }
