// bankcheck-not-walked: code inside an analyzed kernel that the front end did not follow is named
// with the reason: here a recursive device function. The kernel's other accesses are analyzed.
// ARGS: --checks=-*,bankcheck-not-walked
#include <cuda_runtime.h>

__device__ float sum(const float* s, int n) { return n == 0 ? 0.f : s[n - 1] + sum(s, n - 1); }  // expected-remark {{call to 'sum' not analyzed: recursive call}}

__global__ void reduce(float* out) {
    __shared__ float s[32];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = sum(s, 32);
}

void launch(float* out) { reduce<<<1, 32>>>(out); }
