// Shared addresses as tensor-core kernels compute them for inline PTX (seen in public GEMM kernels):
// - a helper that converts with PTX itself (`cvta.to.shared.u64` then `cvt.u32.u64`) instead of
//   __cvta_generic_to_shared: its output is the shared address of its input pointer;
// - a swizzle written on that address (`addr ^= 0b10000`, the next 16-byte chunk): arrays start
//   128-byte aligned, so a constant below 128 flips bits of the offset only;
// - a double buffer reached through a pointer that moves between the halves by a step that changes
//   sign each iteration (`p += SIZE * dir; dir = -dir;`): where it points is unknown, but it moves
//   by whole multiples of SIZE, which is all the banks depend on;
// - asm operands with no comma between them (`: "r"(a) "r"(b)`), which nvcc accepts.
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ uint32_t to_shared(const void* pointer) {
    uint32_t address;
    asm("{\n\t"
        "  .reg .u64 u64addr;\n\t"
        "  cvta.to.shared.u64 u64addr, %1;\n\t"
        "  cvt.u32.u64 %0, u64addr;\n\t"
        "}"
        : "=r"(address)
        : "l"(pointer));
    return address;
}

__device__ __forceinline__ void ldsm_x1(uint32_t& r, uint32_t address) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(address));  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (8 wavefronts per warp, ideal 1)}} expected-note {{ptx_address_idioms.cu:40}}
}

// Rows of 64 halves (128 bytes): the 8 row addresses of an ldmatrix all fall on the same banks,
// unless the 16-byte chunk is XORed with the row.
__global__ void rowsAndSwizzles(const half* in, half* out, int n) {
    extern __shared__ half buffer[];
    constexpr int SIZE = 64 * 64;  // one half of the double buffer, in halves
    half* tile = buffer;
    int dir = 1;
    uint32_t r = 0;
    for (int step = 0; step < n; ++step) {
        __syncthreads();
        const int row = threadIdx.x % 8;
        ldsm_x1(r, to_shared(tile + row * 64));                       // the same chunk of 8 rows: 8-way
        uint32_t swizzled = to_shared(tile + row * 64 + (row ^ 1) * 8);  // chunk row ^ 1 of each row: clean
        uint32_t v;
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(v) : "r"(swizzled));
        swizzled ^= 0b10000;                                            // the neighbouring chunk: clean too
        uint32_t w;
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(w) : "r"(swizzled));
        r ^= v ^ w;
        // Stores with their operands written without a comma (nvcc takes them as two operands).
        const uint32_t at = to_shared(tile + threadIdx.x * 64);
        asm volatile("st.shared.u32 [%0], %1;" :: "r"(at) "r"(r));  // expected-warning {{32-way bank conflict on store to 'tile' (32 wavefronts per warp, ideal 1)}}
        if (step != n - 1) {
            tile = tile + SIZE * dir;  // to the other half, and back
            dir = -1 * dir;
        }
    }
    out[threadIdx.x] = __ushort_as_half(static_cast<unsigned short>(r));
}

void run(const half* in, half* out, int n) { rowsAndSwizzles<<<1, 32, 2 * 64 * 64 * sizeof(half)>>>(in, out, n); }
