// ldmatrix and stmatrix in inline PTX (m8n8, b16): lanes 0 .. 8N-1 give the 16-byte rows of the N
// 8x8 matrices, and each matrix is served on its own (the rule fitted to the H200's LDSM/STSM
// measurements, docs/hardware-model.md). A 64-half tile has 128-byte rows, so the 8 rows of a
// matrix all fall in the same 4 banks: 8 wavefronts per matrix. Rows padded to 72 halves (144
// bytes) spread the 8 rows over all 32 banks. The qualifiers come in either order (`.x2.trans.m8n8`,
// as CUTLASS and LeetCUDA write them). Measured on the H200: docs/verification/ldmatrix-h200.md.
#include <cuda_fp16.h>
#include <cstdint>

__device__ void ldsm_x4(uint32_t* r, const void* p) {
    uint32_t a = static_cast<uint32_t>(__cvta_generic_to_shared(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{ldmatrix.cu:38}}
}

__device__ void ldsm_x2_trans(uint32_t* r, const void* p) {
    uint32_t a = static_cast<uint32_t>(__cvta_generic_to_shared(p));
    asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];\n" : "=r"(r[0]), "=r"(r[1]) : "r"(a));
}

__device__ void stsm_x4(void* p, const uint32_t* r) {
    uint32_t a = static_cast<uint32_t>(__cvta_generic_to_shared(p));
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n"
                 :: "r"(a), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));  // expected-warning {{8-way bank conflict on stmatrix to 'out' (32 wavefronts per warp, ideal 4)}}
}

__global__ void fragments(const half* in, half* dst) {  // expected-remark {{kernel 'fragments' fits 8 blocks per SM on sm_90, limited by its 25600 bytes of shared memory per block}} expected-note {{'tile': 8192 bytes}} expected-note {{'padded': 9216 bytes}} expected-note {{'out': 8192 bytes}} expected-note {{each block also takes 1024 reserved bytes}}
    __shared__ half tile[64][64];
    __shared__ half padded[64][72];
    __shared__ half out[64][64];
    const int lane = threadIdx.x % 32;
    for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) {
        tile[i / 64][i % 64] = in[i];
        padded[i / 64][i % 64] = in[i];
    }
    __syncthreads();
    uint32_t r[4], s[4], t[2];
    ldsm_x4(r, &tile[lane % 16][(lane / 16) * 8]);        // the warning is at the asm, with this call in a note
    ldsm_x4(s, &padded[lane % 16][(lane / 16) * 8]);      // padded rows: 4 wavefronts, clean
    ldsm_x2_trans(t, &padded[lane % 16][0]);              // .x2: lanes 16-31 give no row; clean
    for (int k = 0; k < 4; ++k) r[k] ^= s[k] ^ t[k % 2];  // every result used, so nvcc keeps each instruction
    stsm_x4(&out[lane % 16][(lane / 16) * 8], r);
    __syncthreads();
    dst[threadIdx.x] = out[0][threadIdx.x % 64];
}

void run(const half* in, half* dst) { fragments<<<1, 128>>>(in, dst); }
