// ldmatrix takes each lane's row address from a local: `uint32_t p = __cvta_generic_to_shared(&s[r][c]);`
// then `ldmatrix ... [p]`. Rows of 16 halves (32 bytes) put rows r and r + 4 of an 8-row phase on
// the same banks: 2-way. The XOR of 16-byte chunks by row bit 2 makes the reads conflict-free with
// no extra memory, and it is written where the address is: in the local's initializer and in the
// 16-byte store, the two places that index the tile.
#include <cuda_fp16.h>
#include <cstdint>

__global__ void fragmentA(const half* a, uint32_t* out) {
    __shared__ half tile[16][16];
    const int lane = threadIdx.x % 32;
    *reinterpret_cast<float4*>(&tile[lane / 2][((lane % 2) * 8) ^ ((((lane / 2) >> 2) & 1) << 3)]) = *reinterpret_cast<const float4*>(&a[lane * 8]);
    __syncthreads();
    const uint32_t row = __cvta_generic_to_shared(&tile[lane % 16][((lane / 16) * 8) ^ ((((lane % 16) >> 2) & 1) << 3)]);
    uint32_t r[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(row));  // expected-warning {{2-way bank conflict on ldmatrix from 'tile'}} expected-note {{swizzle 'tile': index it as tile[r][c ^ (((r >> 2) & 1) << 3)] (CuTe Swizzle<1,3,3> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 'tile' conflict-free after the change}}
    out[threadIdx.x] = r[0] ^ r[1] ^ r[2] ^ r[3];
}

// The same read through a local that is moved after its initializer: its initializer no longer
// names the element the instruction reads, so no index is rewritten there.
__global__ void movedAddress(const half* a, uint32_t* out, int step) {
    __shared__ half strip[16][16];
    const int lane = threadIdx.x % 32;
    *reinterpret_cast<float4*>(&strip[lane / 2][(lane % 2) * 8]) = *reinterpret_cast<const float4*>(&a[lane * 8]);
    __syncthreads();
    uint32_t row = __cvta_generic_to_shared(&strip[lane % 16][(lane / 16) * 8]);
    if (step) row += 0;
    uint32_t r[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(row));  // expected-warning {{2-way bank conflict on ldmatrix from 'strip'}} expected-note {{does not index 'strip' directly, so its index cannot be rewritten}}
    out[threadIdx.x] = r[0] ^ r[1] ^ r[2] ^ r[3];
}

void launch(const half* a, uint32_t* out) {
    fragmentA<<<1, 32>>>(a, out);
    movedAddress<<<1, 32>>>(a, out, 1);
}
// CHECK-FIXES: *reinterpret_cast<float4*>(&tile[lane / 2][((lane % 2) * 8) ^ ((((lane / 2) >> 2) & 1) << 3)])
// CHECK-FIXES: __cvta_generic_to_shared(&tile[lane % 16][((lane / 16) * 8) ^ ((((lane % 16) >> 2) & 1) << 3)]);
