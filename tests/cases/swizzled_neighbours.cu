// Neighbouring stores a constant apart merge into one instruction only when their addresses are
// one register plus constants. A column swizzled on its own (`swz(c + 2)` beside `swz(c)`) gives
// each store its own register, even where the results are 2 apart: two 32-bit stores. Swizzled on
// the aligned column with the offset added after the XOR (`swz(c) + 2`, as the advisor writes
// it), they stay one 64-bit store. Measured on the H200 (SASS widths and Nsight Compute, raw data
// in docs/verification/raw/swizzled-neighbours).
#include <cuda_fp16.h>
#define HALF2(value) (reinterpret_cast<half2*>(&(value))[0])

__device__ __forceinline__ int swz(int c) { return c ^ (((c >> 6) & 1) << 2); }

__global__ void eachOnItsOwn(half* in, half* out) {
    __shared__ half tile[32][128];
    const int r = threadIdx.x, c = 64 + (threadIdx.x >> 5) * 4;  // 64 in a warp of 32, unknown to nvcc
    HALF2(tile[r][swz(c + 0)]) = HALF2(in[4 * r]);  // expected-warning {{32-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 1)}}
    HALF2(tile[r][swz(c + 2)]) = HALF2(in[4 * r + 2]);  // expected-warning {{32-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 1)}}
    __syncthreads();
    out[r] = tile[0][r];
}

__global__ void onTheAlignedColumn(half* in, half* out) {
    __shared__ half tile[32][128];
    const int r = threadIdx.x, c = 64 + (threadIdx.x >> 5) * 4;  // 64 in a warp of 32, unknown to nvcc
    HALF2(tile[r][swz(c) + 0]) = HALF2(in[4 * r]);  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 25 into one 64-bit store}}
    HALF2(tile[r][swz(c) + 2]) = HALF2(in[4 * r + 2]);  // expected-warning {{16-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 24 into one 64-bit store}}
    __syncthreads();
    out[r] = tile[0][r];
}

void launch(half* in, half* out) {
    eachOnItsOwn<<<1, 32>>>(in, out);
    onTheAlignedColumn<<<1, 32>>>(in, out);
}
