// A double buffer switched on the integer shared address, as register-blocked SGEMM kernels do
// to save an instruction (seen in public code):
// - the array is declared with a large alignment (`__align__(8192)`), so `addr ^= 4096` moves
//   between the two halves: the XOR acts on the array's offset, since the array starts on a
//   multiple of 8192;
// - the switch happens every iteration (a closed form: the odd iterations read the other half), or
//   under a warp-uniform condition in an unrolled inner loop (which half is then a uniform bit);
// - helpers take the address as a `const uint32_t&`, also bound to a temporary (`addr + 16`);
// - an XOR above the declared alignment is not followed, nor a switch some lanes make and others
//   do not: the remark says why.
#include <cstdint>

__device__ __forceinline__ uint32_t shared_address(const void* p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void load4(float& a, float& b, float& c, float& d, const uint32_t& addr) {
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(addr));  // expected-warning {{8-way bank conflict on load from 'smem' (32 wavefronts per warp, ideal 4)}} expected-note {{address_double_buffer.cu:47}}
}

// The same load, called with a temporary (`addr + 16`) bound to its reference.
__device__ __forceinline__ void load4_next(float& a, float& b, float& c, float& d, const uint32_t& addr) {
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(addr));  // expected-warning {{8-way bank conflict on load from 'smem' (32 wavefronts per warp, ideal 4)}} expected-note {{address_double_buffer.cu:48}}
}

__device__ __forceinline__ void store1(float v, const uint32_t& addr) {
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(addr), "f"(v));  // expected-warning {{32-way bank conflict on store to 'smem' (32 wavefronts per warp, ideal 1)}} expected-note {{address_double_buffer.cu:40}}
}

__global__ void switchedOnTheAddress(const float* in, float* out, int tiles) {
    __shared__ __align__(8192) char smem[8192];
    const float* tile = reinterpret_cast<const float*>(smem);
    // Loads: 8 rows of 128 floats, 4 lanes' 16-byte chunks across each (8-way: each quarter
    // warp reads one chunk of 8 rows); stores down a column of 32-float rows (32-way).
    uint32_t load_addr = shared_address(tile + (threadIdx.x % 8) * 128 + (threadIdx.x / 8) * 4);
    uint32_t store_addr = shared_address(tile + threadIdx.x * 32);
    float acc = 0.f;
    for (int t = 0; t < tiles; ++t) {
        // Every iteration the other half: a closed form.
        store1(in[t * 32 + threadIdx.x], store_addr);
        store_addr ^= 4096;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            if (k == 3) load_addr ^= 4096;  // under a warp-uniform condition: a uniform bit
            float a, b, c, d;
            load4(a, b, c, d, load_addr);
            load4_next(a, b, c, d, load_addr + 16);
            acc += a + b + c + d;
        }
    }
    out[threadIdx.x] = acc;
}

__global__ void aboveTheAlignment(float* out) {
    __shared__ int count;
    __shared__ float plain[2048];  // after another array, at its own 4-byte alignment
    if (threadIdx.x == 0) count = 0;
    uint32_t addr = shared_address(plain + threadIdx.x);
    addr ^= 4096;  // not followed: the array may start anywhere below 4096
    float v;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(addr));  // expected-remark {{ld/st.shared in inline asm not analyzed: address operand is not a known shared address (a shared address XORed with 4096, which reaches above the 4 bytes that the start of 'plain' is known to be a multiple of)}}
    out[threadIdx.x] = v + count;
}

// Switched by some lanes only, or on a test of the address itself: which half each lane reads is
// not one value per warp, and the address is not followed.
__global__ void switchedByLane(float* out, int tiles) {
    __shared__ __align__(8192) float buf[2048];
    uint32_t addr = shared_address(buf + threadIdx.x);
    uint32_t other = shared_address(buf + threadIdx.x * 2);
    float acc = 0.f;
    for (int t = 0; t < tiles; ++t) {
        float v, w;
        asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(addr));  // expected-remark {{ld/st.shared in inline asm not analyzed: address operand is not a known shared address ('addr' changes across iterations of the loop at line 73)}}
        asm volatile("ld.shared.f32 %0, [%1];" : "=f"(w) : "r"(other));  // expected-remark {{ld/st.shared in inline asm not analyzed: address operand is not a known shared address ('other' changes across iterations of the loop at line 73)}}
        acc += v + w;
        if (threadIdx.x < 16) addr ^= 4096;
        if (other < 4096) other ^= 4096;
    }
    out[threadIdx.x] = acc;
}

void run(const float* in, float* out, int tiles) {
    switchedOnTheAddress<<<1, 32>>>(in, out, tiles);
    aboveTheAlignment<<<1, 32>>>(out);
    switchedByLane<<<1, 32>>>(out, tiles);
}
