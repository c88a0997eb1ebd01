// bankcheck-occupancy-cliff: shared memory alone limits the resident blocks per SM, and freeing
// at most an eighth of it would fit one more block. On sm_90 (233472 bytes per SM, 1024 reserved
// per block, 128-byte allocation unit): 48 KB per block fits 4 blocks and 45,568 bytes would fit
// 5; 100 KB fits 2 and needs 25% less for 3 (not a cliff); 24 KB with 256 threads is limited by
// warps, not shared memory; a dynamic size is taken from the launch. Without --ptx the registers
// are not counted, so the findings are remarks (tests/cli, case occupancy-registers, has --ptx).
// ARGS: --checks=-*,bankcheck-occupancy-cliff
#include <cuda_runtime.h>

// expected-remark@+1 {{kernel 'nearStep' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block (launch at bankcheck-occupancy-cliff.cu:58); 3584 bytes less would fit 5 (occupancy 50% -> 62%)}} expected-note@+1 {{'tile': 49152 bytes}} expected-note@+1 {{each block also takes 1024 reserved bytes}}
__global__ void nearStep(float* out) {
    __shared__ float tile[12288];
    tile[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void farFromStep(float* out) {
    extern __shared__ float big[];
    big[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = big[threadIdx.x];
}

__global__ void warpLimited(float* out) {
    __shared__ float small[6144];
    small[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = small[threadIdx.x];
}

// expected-remark@+1 {{kernel 'dynamicNearStep' fits 2 blocks per SM on sm_90, limited by its 80000 bytes of shared memory per block}} expected-note@+1 {{80000 bytes of dynamic shared memory from the launch}} expected-note@+1 {{each block also takes 1024 reserved bytes}}
__global__ void dynamicNearStep(float* out) {
    extern __shared__ float buf[];
    buf[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

// Launched with two block sizes past the same step: one finding, the other shape in a note.
// expected-remark@+1 {{kernel 'twoShapes' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block}} expected-note@+1 {{'t2': 49152 bytes}} expected-note@+1 {{the same holds for 1 other block shape of its launches}} expected-note@+1 {{each block also takes 1024 reserved bytes}}
__global__ void twoShapes(float* out) {
    __shared__ float t2[12288];
    t2[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = t2[threadIdx.x];
}

// A dynamic size the launch does not give: not judged.
__global__ void dynamicUnknown(float* out) {
    extern __shared__ float any[];
    any[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = any[threadIdx.x];
}

void run(float* out, int bytes) {
    nearStep<<<1, 256>>>(out);
    farFromStep<<<1, 256, 102400>>>(out);
    warpLimited<<<1, 256>>>(out);
    dynamicNearStep<<<1, 256, 80000>>>(out);
    dynamicUnknown<<<1, 256, bytes>>>(out);
    twoShapes<<<1, 256>>>(out);
    twoShapes<<<1, 128>>>(out);
}
