// bankcheck-shared-over-capacity: a launch whose static plus dynamic shared memory is over the
// most a block can have with the opt-in (232448 bytes, 227 KB, on sm_90; 101376 on sm_86). Each
// launch is judged with its own dynamic size; one at the capacity is fine.
// ARGS: --checks=-*,bankcheck-shared-over-capacity
#include <cuda_runtime.h>

// expected-error@+1 {{kernel 'scaled' needs 240000 bytes of shared memory per block (0 static + 240000 dynamic, launch at bankcheck-shared-over-capacity.cu:28); sm_90 has at most 232448 per block, with the opt-in}}
__global__ void scaled(float* out) {
    extern __shared__ float s[];
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

// 16 KB static plus 220000 dynamic.
// expected-error@+1 {{needs 236384 bytes of shared memory per block (16384 static + 220000 dynamic}}
__global__ void mixed(float* out) {
    __shared__ float fixedPart[4096];
    extern __shared__ float rest[];
    fixedPart[threadIdx.x] = 1.f;
    rest[threadIdx.x] = 2.f;
    __syncthreads();
    out[threadIdx.x] = fixedPart[threadIdx.x] + rest[threadIdx.x];
}

void run(float* out) {
    scaled<<<1, 256, 232448>>>(out);
    scaled<<<1, 256, 240000>>>(out);
    mixed<<<1, 256, 220000>>>(out);
}
