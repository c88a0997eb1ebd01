// An XOR swizzle written on the whole offset, where no padding can be: ldmatrix code addresses its
// tiles with one byte expression (`base + (row * 16 + col) * sizeof(half)`), and the rows of 32
// bytes put rows r and r + 4 on the same banks (2-way). The swizzle `o ^ (((o >> 7) & 1) << 4)`
// swaps the two 16-byte halves of every other group of four rows, and the edit writes it on each
// access's offset as written.
#include <cuda_fp16.h>

__device__ __forceinline__ void ldsm_x4(unsigned addr, unsigned* r) {
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));  // expected-warning {{2-way bank conflict on ldmatrix from 'tile' (8 wavefronts per warp, ideal 4)}} expected-note {{swizzle 'tile': every offset becomes o ^ (((o >> 7) & 1) << 4), o the byte offset in 'tile' (CuTe Swizzle<1,4,3> on the byte offset; 2 terms rewritten); no extra shared memory; verified: all 2 accesses of 'tile' conflict-free after the change}} expected-warning {{2-way bank conflict on ldmatrix from 's_a' (8 wavefronts per warp, ideal 4)}} expected-note {{swizzle 's_a': every offset becomes o ^ (((o >> 7) & 1) << 4), o the byte offset in 's_a' (CuTe Swizzle<1,4,3> on the byte offset; 1 term rewritten); no extra shared memory; verified: all 1 access of 's_a' conflict-free after the change}} expected-note {{'k' (kernel parameter) shifts every lane's address by the same amount}}
}

// 48 KB of static tile: a padding would pass the 48 KB nvcc allows; the swizzle costs nothing.
__global__ void fullTile(const half* in, unsigned* out) {  // expected-remark {{kernel 'fullTile' fits 4 blocks per SM on sm_90, limited by its 49152 bytes}}
    __shared__ __align__(128) half tile[1536 * 16];
    for (int i = threadIdx.x; i < 1536 * 16; i += blockDim.x) tile[i] = in[i];
    // CHECK-FIXES: tile[(i ^ (((i >> 6) & 1) << 3))] = in[i];
    __syncthreads();
    const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(tile));
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned r[4];
    ldsm_x4(base + ((warp * 16 + lane % 16) * 16 + lane / 16 * 8) * sizeof(half), r);
    // CHECK-FIXES: ldsm_x4(base + ((((warp * 16 + lane % 16) * 16 + lane / 16 * 8) * sizeof(half)) ^ ((((((warp * 16 + lane % 16) * 16 + lane / 16 * 8) * sizeof(half)) >> 7) & 1) << 4)), r);
    out[threadIdx.x] = r[0] + r[1] + r[2] + r[3];
}

// Dynamic tiles carved out of one buffer, in two pipeline stages chosen at run time: the launch's
// byte count is computed in a macro, which no padding can rewrite. The stage (`stage * 2048`
// halves) is a whole number of the swizzle's 256-byte periods, so it moves every lane alike.
#define LAUNCH_STAGED(kernel, bytes) kernel<<<1, 128, (bytes)>>>(in, out, k)
__global__ void stagedTiles(const half* in, unsigned* out, int k) {
    extern __shared__ __align__(128) half smem[];
    half* s_a = smem;
    half* s_b = smem + 2 * 64 * 16;
    const unsigned a_base = static_cast<unsigned>(__cvta_generic_to_shared(s_a));
    const unsigned b_base = static_cast<unsigned>(__cvta_generic_to_shared(s_b));
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int stage = (k / 16) % 2;
    s_b[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    unsigned r[4];
    ldsm_x4(a_base + (stage * 64 * 16 + (warp * 16 + lane % 16) * 16 + lane / 16 * 8) * sizeof(half), r);
    // CHECK-FIXES: ldsm_x4(a_base + (((stage * 64 * 16 + (warp * 16 + lane % 16) * 16 + lane / 16 * 8) * sizeof(half)) ^
    out[threadIdx.x] = r[0] + r[1] + r[2] + r[3];
}

void launch(const half* in, unsigned* out, int k) {
    fullTile<<<1, 128>>>(in, out);
    LAUNCH_STAGED(stagedTiles, 2 * 64 * 16 * sizeof(half) * 2);
}

// A stage passed to a device function (`tile + 6144`): the XOR is written on the index alone, and
// the stage, 3 periods of the 8192 bytes the XOR permutes, passes through it unchanged. The tile takes the whole 48 KB.
__device__ void storeColumns(float* t, const float* in) {
    const int c = threadIdx.x % 4, r = threadIdx.x / 4;  // 4 lanes 512 words apart: one bank
    t[c * 4 * 128 + r] = in[threadIdx.x];  // expected-warning {{4-way bank conflict on store to 'stagedTile' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on store to 'stagedTile' (4 wavefronts per warp, ideal 1)}} expected-note {{swizzle 'stagedTile': every offset becomes o ^ (((o >> 8) & 31) << 2), o the byte offset in 'stagedTile' (CuTe Swizzle<5,2,6> on the byte offset; 2 terms rewritten); no extra shared memory; verified: all 4 accesses of 'stagedTile' conflict-free after the change}}
    // CHECK-FIXES: t[((c * 4 * 128 + r) ^ (((c * 4 * 128 + r) >> 6) & 31))] = in[threadIdx.x];
}
__device__ float readRow(const float* t, int row) { return t[row * 128 + threadIdx.x % 32]; }
// CHECK-FIXES: __device__ float readRow(const float* t, int row) { return t[((row * 128 + threadIdx.x % 32) ^ (((row * 128 + threadIdx.x % 32) >> 6) & 31))]; }

__global__ void stagedDeviceFunction(const float* in, float* out) {  // expected-remark {{kernel 'stagedDeviceFunction' fits 4 blocks per SM on sm_90, limited by its 49152 bytes}}
    __shared__ float stagedTile[2 * 6144];
    storeColumns(stagedTile, in);
    storeColumns(stagedTile + 6144, in);
    __syncthreads();
    out[threadIdx.x] = readRow(stagedTile, 5) + readRow(stagedTile + 6144, 9);
}

void launchStaged(const float* in, float* out) { stagedDeviceFunction<<<1, 32>>>(in, out); }
