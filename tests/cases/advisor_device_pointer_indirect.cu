// An index written on a device function's pointer is rewritten only when every call of the file
// was walked: a call through a function pointer could bind that pointer to anything, so here the
// padding of 's3' is refused although the only call the walk sees passes 's3'
// (advisor_flattened_pointer.cu's `pickShared` is the same function without the indirect call).
#include <cuda_runtime.h>

__device__ float pickOnly(const float* p, int i) { return p[i * 32]; }  // expected-warning {{32-way bank conflict on load from 's3'}} expected-note {{the index 'i * 32' cannot be rewritten: it is written in a device function, whose pointer other calls may bind to other memory}}
__device__ float twice(float v) { return 2.f * v; }
__device__ float (*scale)(float) = twice;

__global__ void viaPointer(const float* A, float* out) {
    __shared__ float s3[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) s3[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = scale(pickOnly(s3, threadIdx.x));
}

void launch(const float* A, float* out) { viaPointer<<<1, 32>>>(A, out); }
