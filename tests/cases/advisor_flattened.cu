// A flattened 1-D tile filled by a linear loop (`As[i]`): padding the row stride token alone
// would move what that loop writes, so every index gets the same padding instead (i + i / 32),
// and the declaration grows by one element per 32.
#include <cuda_runtime.h>
#define BM 32
#define BK 32

__global__ void flat(const float* A, float* out) {
    __shared__ float As[BM * BK];
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) As[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = As[threadIdx.x * BK + 3];  // expected-warning {{32-way bank conflict on load from 'As'}} expected-note {{pad 'As' to As[BM * BK + (BM * BK) / 32]: +128 bytes of shared memory per block; flat blocks per SM on sm_90: 32 -> 32; verified: all 2 accesses of 'As' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 32 elements of 'As' gets 1 more: every index i becomes i + i / 32 (2 indices); the rows of 1 of them (P + k, k a constant or a loop's iteration that stays within a row) are counted on P alone}}
}

void launch(const float* A, float* out) { flat<<<1, 32>>>(A, out); }
// CHECK-FIXES: __shared__ float As[BM * BK + (BM * BK) / 32];
// CHECK-FIXES: As[i + i / 32] = A[i];
// CHECK-FIXES: out[threadIdx.x] = As[threadIdx.x * BK + 3 + (threadIdx.x * BK) / 32];
