// A swizzle of a column that nvcc reads four floats at a time: `tile[k][tx * 8 + n]` over an
// unrolled `n` is one LDS.128 per four iterations, 2-way in rows of 128 floats (lanes 0 and 4 meet
// a bank line apart). No padding keeps the float4 writes aligned and helps; a column-driven XOR
// of 16-byte chunks does, but written on the whole column it would split each LDS.128 into four
// LDS (measured: docs/hardware-model.md). The advisor writes it on the aligned column, the loop's
// offset added after the XOR, which nvcc still merges.
#include <cuda_runtime.h>

#define AS_FLOAT4(v) (reinterpret_cast<float4*>(&(v))[0])

// Eight iterations: two merged groups, the offset is `n % 4`.
__global__ void eightPerLane(const float* b, float* c) {
    __shared__ float tile[8][128];
    const int tid = threadIdx.y * 16 + threadIdx.x;
    const int row = tid / 32, col = (tid % 32) * 4;
    AS_FLOAT4(tile[row][col]) = AS_FLOAT4(const_cast<float*>(b)[row * 128 + col]);
    __syncthreads();
    float acc[8] = {};
#pragma unroll
    for (int k = 0; k < 8; ++k) {
#pragma unroll
        for (int n = 0; n < 8; ++n) {
            const int at = threadIdx.x * 8 + n;
            acc[n] += tile[k][at];  // expected-warning {{2-way bank conflict on load from 'tile'}} expected-note {{swizzle 'tile': index it as tile[r][c ^ (((c >> 5) & 1) << 2)] (CuTe Swizzle<1,2,3> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 'tile' conflict-free after the change}} expected-note {{the unrolled loop's accesses at line 24 are swizzled on their aligned column, the loop's offset added after the XOR ('n % 4'), so that nvcc still merges them into one wide access}}
        }
    }
#pragma unroll
    for (int n = 0; n < 8; ++n) c[tid * 8 + n] = acc[n];
}

// Four iterations, one group: the offset is the loop variable itself.
__global__ void fourPerLane(const float* b, float* c) {
    __shared__ float strip[8][128];
    const int tid = threadIdx.y * 16 + threadIdx.x;
    const int row = tid / 32, col = (tid % 32) * 4;
    AS_FLOAT4(strip[row][col]) = AS_FLOAT4(const_cast<float*>(b)[row * 128 + col]);
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc += strip[k][threadIdx.x * 8 + j];  // expected-warning {{2-way bank conflict on load from 'strip'}} expected-note {{swizzle 'strip': index it as strip[r][c ^ (((c >> 5) & 1) << 2)] (CuTe Swizzle<1,2,3> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 'strip' conflict-free after the change}} expected-note {{the unrolled loop's accesses at line 42 are swizzled on their aligned column, the loop's offset added after the XOR ('j'), so that nvcc still merges them into one wide access}}
    c[tid] = acc;
}

// The tile written by four neighbouring stores (one STS.128: `+ 0` to `+ 3` of one column) and
// read as above: the stores are swizzled on their aligned column too, their constant offsets
// added after the XOR, so that they stay one STS.128.
__global__ void neighbourStores(const float* b, float* c) {
    __shared__ float quad[8][128];
    const int tid = threadIdx.y * 16 + threadIdx.x;
    const int row = tid / 32, col = (tid % 32) * 4;
    quad[row][col + 0] = b[tid * 4 + 0];
    quad[row][col + 1] = b[tid * 4 + 1];
    quad[row][col + 2] = b[tid * 4 + 2];
    quad[row][col + 3] = b[tid * 4 + 3];
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc += quad[k][threadIdx.x * 8 + j];  // expected-warning {{2-way bank conflict on load from 'quad'}} expected-note {{swizzle 'quad': index it as quad[r][c ^ (((c >> 5) & 1) << 2)] (CuTe Swizzle<1,2,3> on the element index) (5 indices rewritten); no extra shared memory; verified: all 5 accesses of 'quad' conflict-free after the change}} expected-note {{the unrolled loop's accesses at line 62 are swizzled on their aligned column}} expected-note {{the neighbouring accesses at lines 53, 54, 55, 56 are swizzled on their aligned column, their constant offsets added after the XOR, so that nvcc still merges them into one wide access}}
    c[tid] = acc;
}

#include <cuda_fp16.h>
// Rows of 8 halves read four halves at a time over the outer `k`, across an inner `m` that steps
// whole rows: lanes 0-15 and 16-31 read rows 8 apart, 128 bytes, the same banks. The XOR of 8-byte
// chunks by row bit 3 separates them; `m` then drives the XOR, and each of its unrolled copies is
// still one LDS.64 over `k`.
__global__ void rowsAcrossInnerLoop(const float* b, float* c) {
    __shared__ __half rows[128][8];
    const int tid = threadIdx.y * 16 + threadIdx.x;
    const int row = tid / 2, col = (tid % 2) * 4;
    const unsigned v = __float_as_uint(b[tid]);  // two halves' bits, stored as one word (as __half2 pairs are)
    *reinterpret_cast<unsigned*>(&rows[row][col + 0]) = v;
    *reinterpret_cast<unsigned*>(&rows[row][col + 2]) = v;
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
#pragma unroll
        for (int m = 0; m < 8; ++m) acc += __half2float(rows[threadIdx.y * 8 + m][k]);  // expected-warning {{2-way bank conflict on load from 'rows'}} expected-note {{swizzle 'rows': index it as rows[r][c ^ (((r >> 3) & 1) << 2)]}} expected-note {{the unrolled loop's accesses at line 83 are swizzled on their aligned column, the loop's offset added after the XOR ('k % 4')}} expected-note {{the neighbouring accesses at lines 76, 77 are swizzled}}
    c[tid] = acc;
}

void launch(const float* b, float* c) {
    eightPerLane<<<1, dim3(16, 16)>>>(b, c);
    fourPerLane<<<1, dim3(16, 16)>>>(b, c);
    neighbourStores<<<1, dim3(16, 16)>>>(b, c);
    rowsAcrossInnerLoop<<<1, dim3(16, 16)>>>(b, c);
}
// --fix writes the XOR on the aligned column and adds the loop's offset after it:
// CHECK-FIXES: AS_FLOAT4(tile[row][col ^ (((col >> 5) & 1) << 2)])
// CHECK-FIXES: acc[n] += tile[k][((at - n % 4) ^ ((((at - n % 4) >> 5) & 1) << 2)) + n % 4];
// CHECK-FIXES: acc += strip[k][((threadIdx.x * 8) ^ ((((threadIdx.x * 8) >> 5) & 1) << 2)) + j];
// CHECK-FIXES: quad[row][(col ^ (((col >> 5) & 1) << 2)) + 1] = b[tid * 4 + 1];
// CHECK-FIXES: acc += quad[k][((threadIdx.x * 8) ^ ((((threadIdx.x * 8) >> 5) & 1) << 2)) + j];
// CHECK-FIXES: acc += __half2float(rows[threadIdx.y * 8 + m][((k - k % 4) ^ ((((threadIdx.y * 8 + m) >> 3) & 1) << 2)) + k % 4]);
