// A pointer chosen between a null pointer and a followed one (`p = flag ? nullptr : base + off`,
// as ggml chooses its attention mask) is the followed one wherever it is dereferenced: reading
// through a null pointer is undefined, so no access goes through the null side. Before, the choice
// was not followed, and the remark blamed "floating-point arithmetic" for the pointer arithmetic
// done on it afterwards.
#include <cuda_fp16.h>

// A shared pointer: every other word, 2-way.
__global__ void sharedOrNull(const float* in, float* out, int flag) {
    __shared__ float tile[64];
    float* p = flag ? nullptr : &tile[threadIdx.x * 2];
    *p = in[threadIdx.x];  // expected-warning {{2-way bank conflict on store to 'tile'}}
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

// A cp.async source: 8 lanes copy one 128-byte row of the mask into a row of 144 bytes.
__global__ void maskOrNull(const char* __restrict__ mask, half* out, int flag) {
    __shared__ __align__(16) half rows[4 * 72];
    const half* mask_h = flag && !mask ? nullptr : reinterpret_cast<const half*>(mask);
    const unsigned int base = static_cast<unsigned int>(__cvta_generic_to_shared(rows));
    const int i = 8 * (threadIdx.x % 8), j = threadIdx.x / 8;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(base + j * 144 + i * 2), "l"(mask_h + j * 64 + i));  // expected-warning {{2.5-way bank conflict on cp.async into 'rows' (10 wavefronts per warp, ideal 4)}}
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = rows[threadIdx.x];
}

// Two sources chosen at run time: each taken as 128-byte aligned, in lines of its own (no line
// holds both), so the copy counts as from one source (until the thirty-second session it was not
// followed; before that the remark blamed "floating-point arithmetic").
__global__ void eitherSource(const half* a, const half* b, half* out, int flag) {
    __shared__ __align__(16) half rows[4 * 72];
    const half* src = flag ? a : b;
    const unsigned int base = static_cast<unsigned int>(__cvta_generic_to_shared(rows));
    const int i = 8 * (threadIdx.x % 8), j = threadIdx.x / 8;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(base + j * 144 + i * 2), "l"(src + j * 64 + i));  // expected-warning {{2.5-way bank conflict on cp.async into 'rows' (10 wavefronts per warp, ideal 4)}} expected-note {{cp.async source: 'a' or 'b' taken as 128-byte aligned}}
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = rows[threadIdx.x];
}

void launch(const float* in, float* out, const char* mask, half* h) {
    sharedOrNull<<<1, 32>>>(in, out, 0);
    maskOrNull<<<1, 32>>>(mask, h, 0);
    eitherSource<<<1, 32>>>(h, h, h, 0);
}
