// bankcheck-dynamic-shared-opt-in when an opt-in names a kernel the analysis cannot tell (a
// pointer parameter): it may be any kernel's, so no launch in the file is reported.
// ARGS: --checks=-*,bankcheck-dynamic-shared-opt-in
// expected-no-diagnostics
#include <cuda_runtime.h>

__global__ void big(float* out) {
    extern __shared__ float s[];
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void optIn(const void* kernel, int bytes) { cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes); }

void run(float* out) {
    optIn((const void*)big, 98304);
    big<<<1, 256, 98304>>>(out);
}
