// bankcheck-not-analyzed: a kernel with no analyzed instance, here a template the file never
// instantiates, is named rather than silently absent. Not reported: a template that is launched.
// ARGS: --checks=-*,bankcheck-not-analyzed
#include <cuda_runtime.h>

template <int N> __global__ void unused(float* out) {  // expected-remark {{template kernel 'unused': never instantiated in this file, so not analyzed (needs values for N: launch or instantiate it)}}
    __shared__ float s[N][N];
    s[threadIdx.x][0] = 1.f;
    out[threadIdx.x] = s[0][threadIdx.x];
}

template <int N> __global__ void used(float* out) {
    __shared__ float s[N];
    s[threadIdx.x] = 1.f;
    out[threadIdx.x] = s[threadIdx.x];
}

void launch(float* out) { used<32><<<1, 32>>>(out); }
