// A flattened tile `As[BM * BK]` with `#define BK 32`, indexed row * BK + col everywhere: the
// fix pads the row stride in the declaration and in every index together.
#include <cuda_runtime.h>
#define BM 32
#define BK 32

__global__ void flat(const float* A, float* out) {
    __shared__ float As[BM * BK];
    for (int r = threadIdx.y; r < BM; r += 8) As[r * BK + threadIdx.x] = A[r * BK + threadIdx.x];
    __syncthreads();
    float acc = 0.f;
    #pragma unroll 1
    for (int k = 0; k < BK; ++k) acc += As[threadIdx.x * BK + k];  // expected-warning {{32-way bank conflict on load from 'As'}} expected-note {{pad 'As' to As[BM * (BK + 1)]: +128 bytes of shared memory per block; flat blocks per SM on sm_90: 8 -> 8; verified: all 2 accesses of 'As' conflict-free after the change}} expected-note {{the row stride BK changes in the declaration and in every index of 'As' (2 indices)}}
    out[threadIdx.x] = acc;
}

void launch(const float* A, float* out) { flat<<<1, dim3(32, 8)>>>(A, out); }
// CHECK-FIXES: __shared__ float As[BM * (BK + 1)];
// CHECK-FIXES: As[r * (BK + 1) + threadIdx.x] = A[r * BK + threadIdx.x];
// CHECK-FIXES: acc += As[threadIdx.x * (BK + 1) + k];
