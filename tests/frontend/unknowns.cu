// What the front end cannot know is listed with the reason, never dropped.
// IR-KERNEL: noLaunch block=unknown
// IR-KERNEL: indirect block=256x1x1 source=--block
// ARGS: --block indirect=256
// IR-NOT-ANALYZED: template kernel 'neverInstantiated' {{needs values for BK}}
#include <cuda_runtime.h>

// No launch, and the family of shapes turned off for this kernel: its block shape is unknown.
// bankcheck: block-family(off)
__global__ void noLaunch(float* out) {
    __shared__ float s[256];
    s[threadIdx.x] = 1.f;  // IR: store s w=4 at(3)=12
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];  // IR: load s w=4 at(3)=1008
}

__global__ void indirect(const int* idx, float* out) {
    __shared__ float s[256];
    __shared__ int perm[256];
    perm[threadIdx.x] = idx[threadIdx.x];  // IR: store perm w=4 at(1)=4
    __syncthreads();
    out[threadIdx.x] = s[perm[threadIdx.x]];  // IR: load s unknown {{value loaded from shared memory 'perm'}} // IR: load perm w=4 at(2)=8
    out[threadIdx.x] += s[idx[threadIdx.x]];  // IR: load s unknown {{value loaded from memory}}
}

template <int BK>
__global__ void neverInstantiated(float* out) {
    __shared__ float t[BK][BK];
    t[threadIdx.y][threadIdx.x] = 0.f;
    out[0] = t[0][0];
}
