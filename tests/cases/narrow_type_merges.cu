// ptxas merges the narrow accesses of consecutive unrolled iterations less than 4-byte ones:
// 8-bit accesses never, 16-bit ones into at most LDS.64/STS.64, and a `__nv_bfloat16` load whose
// value is converted to float not at all (SASS of tests/verification/widths/narrow_merge_probe.cu,
// CUDA 13, sm_90; this file measured on the H200 by tests/verification/widths/narrow-h200.sh:
// docs/hardware-model.md "Merged narrow accesses"). Rows of 128 bytes, one per lane.
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void halfRows(const __half* in, float* out) {
    __shared__ __half tile[32][64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) tile[i / 64][i % 64] = in[i];
    __syncthreads();
    float s = 0.f;
#pragma unroll
    for (int c = 0; c < 8; ++c) s += __half2float(tile[threadIdx.x][c]);  // expected-warning {{16-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{instruction width 8 bytes per lane}}
    out[threadIdx.x] = s;
}

__global__ void bf16ToFloat(const __nv_bfloat16* in, float* out) {
    __shared__ __nv_bfloat16 tile[32][64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) tile[i / 64][i % 64] = in[i];
    __syncthreads();
    float s = 0.f;
#pragma unroll
    for (int c = 0; c < 8; ++c) s += __bfloat162float(tile[threadIdx.x][c]);  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = s;
}

__global__ void bf16Arithmetic(const __nv_bfloat16* in, __nv_bfloat16* out) {
    __shared__ __nv_bfloat16 tile[32][64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) tile[i / 64][i % 64] = in[i];
    __syncthreads();
    __nv_bfloat16 s = in[0];
#pragma unroll
    for (int c = 0; c < 8; ++c) s = __hadd(s, tile[threadIdx.x][c]);  // expected-warning {{16-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{instruction width 8 bytes per lane}}
    out[threadIdx.x] = s;
}

__global__ void bytes(const int8_t* in, int* out) {
    __shared__ int8_t tile[32][64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) tile[i / 64][i % 64] = in[i];
    __syncthreads();
    int s = 0;
#pragma unroll
    for (int c = 0; c < 16; ++c) s += tile[threadIdx.x][c];  // expected-warning {{16-way bank conflict on load from 'tile' (16 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = s;
}

__global__ void halfStores(const float* in, __half* out) {
    __shared__ __half tile[32][64];
#pragma unroll
    for (int c = 0; c < 8; ++c) tile[threadIdx.x][c] = __float2half(in[c * 32 + threadIdx.x]);  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{instruction width 8 bytes per lane}}
    __syncthreads();
    for (int i = threadIdx.x; i < 32 * 64; i += 32) out[i] = tile[i / 64][i % 64];
}

void launch(void* p, float* f) {
    halfRows<<<1, 32>>>((const __half*)p, f);
    bf16ToFloat<<<1, 32>>>((const __nv_bfloat16*)p, f);
    bf16Arithmetic<<<1, 32>>>((const __nv_bfloat16*)p, (__nv_bfloat16*)p);
    bytes<<<1, 32>>>((const int8_t*)p, (int*)p);
    halfStores<<<1, 32>>>(f, (__half*)p);
}
