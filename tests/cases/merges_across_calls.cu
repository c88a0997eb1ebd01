// ptxas sees a kernel after inlining: neighbouring accesses written in separate calls of a small
// helper merge as those of one function do (measured on the H200: two copyBytes<8> calls storing
// neighbouring 8-byte words are one STS.128, tests/verification/widths/call_and_component_probe.cu).
// A loop in the helper that runs once (ggml's ggml_cuda_memcpy_1 copies `nbytes/8` int2 in a
// loop) does not stand between them. Measured by tests/verification/widths/words-h200.sh.
#include <cuda_runtime.h>

template <int NB> __device__ __forceinline__ void copyInLoop(void* dst, const void* src) {
#pragma unroll
    for (int i = 0; i < NB / 8; ++i) ((int2*)dst)[i] = ((const int2*)src)[i];  // expected-warning {{2-way bank conflict on store to 'buf' (8 wavefronts per warp, ideal 4)}} expected-note {{merged with the access at line 10 (called at line 30) into one 128-bit store}} expected-warning {{2-way bank conflict on store to 'buf' (8 wavefronts per warp, ideal 4)}} expected-note {{merged with the access at line 10 (called at line 31) into one 128-bit store}}
}

// Each lane's two words are one 16-byte store: 4 wavefronts, the ideal (two 8-byte stores would
// be 2-way each).
__global__ void neighbouringCalls(const float2* in, float* out) {
    __shared__ float2 buf[4 * 64];
    const float2 v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
    float2* dst = buf + threadIdx.y * 64;
    copyInLoop<8>(dst + 2 * threadIdx.x, &v[0]);
    copyInLoop<8>(dst + 2 * threadIdx.x + 1, &v[1]);
    __syncthreads();
    const float2 r = buf[threadIdx.y * 64 + threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = r.x + r.y;
}

// With 32 bytes between lanes the merged STS.128 is 2-way: 8 wavefronts where 4 is ideal.
__global__ void spreadCalls(const float2* in, float* out) {
    __shared__ float2 buf[32 * 4];
    const float2 v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
    copyInLoop<8>(buf + 4 * threadIdx.x, &v[0]);
    copyInLoop<8>(buf + 4 * threadIdx.x + 1, &v[1]);
    __syncthreads();
    const float2 r = buf[threadIdx.x];
    out[threadIdx.x] = r.x + r.y;
}

void launch(const float2* in, float* out) {
    neighbouringCalls<<<1, dim3(32, 4)>>>(in, out);
    spreadCalls<<<1, 32>>>(in, out);
}
