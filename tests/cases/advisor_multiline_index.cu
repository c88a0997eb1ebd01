// A padded index written over two lines, in a device function above the kernel that declares the
// array: the fix repeats the index, so the declaration moves down a line in the patched file, where
// --fix re-parses it and must still find it (SGEMM_CUDA's kernels 10 and 12 were left unfixed).
#include <cuda_runtime.h>
__device__ void storeTransposed(float* tile, const float* a, int ty, int tx) {
    tile[tx * 32 +  // expected-warning {{32-way bank conflict on store to 'tile'}} expected-note {{pad 'tile' to tile[32 * 32 + (32 * 32) / 32]: +128 bytes of shared memory per block; transpose blocks per SM on sm_90: 2 -> 2; verified: all 2 accesses of 'tile' conflict-free after the change}}
         ty] = a[ty * 32 + tx];
}
__global__ void transpose(const float* a, float* out) {
    __shared__ float tile[32 * 32];
    storeTransposed(tile, a, threadIdx.y, threadIdx.x);
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y * 32 + threadIdx.x];
}
void launch(const float* a, float* out) { transpose<<<1, dim3(32, 32)>>>(a, out); }
// CHECK-FIXES: __shared__ float tile[32 * 32 + (32 * 32) / 32];
// CHECK-FIXES: out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y * 32 + threadIdx.x + (threadIdx.y * 32 + threadIdx.x) / 32];
