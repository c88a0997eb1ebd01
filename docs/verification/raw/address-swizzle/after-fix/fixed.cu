// A swizzle computed from the shared address itself, as mma.sync GEMMs with ldmatrix write it
// (seen in public code): `addr ^ ((addr & 0b1110000000) >> 3)` moves each 16-byte chunk of a row
// by the row's bits 7-9. The mask's value is bounded (at most 0x70), so the XOR changes only the
// low 7 bits, and `addr & 0x380` reads bits the array's start decides:
// - dynamic memory in a kernel with no static shared memory starts at 0x400 (after the block's
//   reserved 1 KB, measured on the H200), so every bit of the address is known;
// - a kernel whose only shared memory is one static array: that array starts at 0x400 too, so
//   the row bits can also be read with a shift, `((a >> 7) & 7) << 4`;
// - with static shared memory as well, the dynamic buffer starts where the static arrays end, a
//   multiple of 16 bytes only: the mask is not followed, and the remark says why; likewise a
//   shift of the address of a second static array, which starts at its own alignment;
// - a plain assignment `a = a ^ ...` keeps the address an address, as `a ^= ...` does.
#include <cstdint>

__device__ __forceinline__ uint32_t shared_address(const void* p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void ldsm_x1(uint32_t& r, uint32_t addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(addr));  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (8 wavefronts per warp, ideal 1)}} expected-note {{address_swizzle_from_address.cu:39}}
}

// Rows of 64 halves (128 bytes): lane i of the first 8 gives row i of an 8x8 matrix.
__global__ void swizzled(uint32_t* out) {
    extern __shared__ uint16_t tile[];
    const uint32_t row = threadIdx.x % 8;
    uint32_t a = shared_address(tile) + row * 128;
    a = a ^ ((a & 0b1110000000) >> 3);  // chunk ^= row: the 8 rows on 8 different chunks
    uint32_t r;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a));
    out[threadIdx.x] = r;
}

__global__ void unswizzled(uint32_t* out) {
    extern __shared__ uint16_t tile[];
    const uint32_t row = threadIdx.x % 8;
    uint32_t a = shared_address(tile) + row * 128 + (row * 128) / 128 * 16;  // the 8 rows on one chunk's banks
    uint32_t r;
    ldsm_x1(r, a);
    out[threadIdx.x] = r;
}

__global__ void afterStaticMemory(uint32_t* out) {
    __shared__ float flags[3];
    extern __shared__ uint16_t tile[];
    if (threadIdx.x < 3) flags[threadIdx.x] = 0.f;
    const uint32_t row = threadIdx.x % 8;
    uint32_t a = shared_address(tile) + row * 128;
    a = a ^ ((a & 0b1110000000) >> 3);  // bits 7-9 of an address whose start is known only to 16 bytes
    uint32_t r;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a));  // expected-remark {{a shared address masked with 896, which keeps bits above the 16 bytes that the start of 'tile' is known to be a multiple of}}
    out[threadIdx.x] = r + static_cast<uint32_t>(flags[row % 3]);
}

__global__ void onlyStatic(uint32_t* out) {
    __shared__ uint16_t tile[64 * 64];
    uint32_t a = shared_address(tile) + (threadIdx.x % 8) * 128;
    a ^= ((a >> 7) & 7) << 4;  // the same swizzle, the row bits read with a shift
    uint32_t r;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a));
    out[threadIdx.x] = r;
}

__global__ void secondStatic(uint32_t* out) {
    __shared__ float flags[3];
    __shared__ __align__(16) uint16_t tile[64 * 64];  // at 0x410 on the H200: 16-byte rows for ldmatrix
    if (threadIdx.x < 3) flags[threadIdx.x] = 0.f;
    uint32_t a = shared_address(tile) + (threadIdx.x % 8) * 128;
    a ^= ((a >> 7) & 7) << 4;
    uint32_t r;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a));  // expected-remark {{a shared address used in '>>', which reads bits above the 16 bytes that the start of 'tile' is known to be a multiple of}}
    out[threadIdx.x] = r + static_cast<uint32_t>(flags[threadIdx.x % 3]);
}

void launch(uint32_t* out) {
    swizzled<<<1, 32, 8192>>>(out);
    unswizzled<<<1, 32, 8192 + 1024>>>(out);
    afterStaticMemory<<<1, 32, 8192>>>(out);
    onlyStatic<<<1, 32>>>(out);
    secondStatic<<<1, 32>>>(out);
}
