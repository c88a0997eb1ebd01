// bankcheck-unresolved-launch: a launch whose block shape is not computed, at its kernel, when
// the kernel has no finding of its own to carry it as a note. Not reported: a launch with a
// constant shape.
// ARGS: --checks=-*,bankcheck-unresolved-launch
#include <cuda_runtime.h>

__global__ void copy(const float* in, float* out) {  // expected-remark {{kernel 'copy': the launch at bankcheck-unresolved-launch.cu:21 has a block shape that is not computed: parameter 'threads' of 'launch', which no code in this file calls with known values}}
    __shared__ float s[1024];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void fixed(float* out) {
    __shared__ float s[32];
    s[threadIdx.x] = 1.f;
    out[threadIdx.x] = s[threadIdx.x];
}

void launch(const float* in, float* out, int threads) {
    copy<<<1, threads>>>(in, out);
    fixed<<<1, 32>>>(out);
}
