// Swizzles driven by higher row bits and by the column's own bits, where no padding that keeps
// the float4 accesses aligned can help (rows must stay multiples of 16 bytes); and one inside the
// columns in use of rows padded past a power of two.
#include <cuda_runtime.h>
// Transposed store: lanes 2j and 2j+1 write rows k and k + 8 of column j; the float4 reads need
// rows that stay multiples of 16 bytes, so only a swizzle driven by row bit 3 separates them.
__global__ void transposedStore(const float* a, float* out) {
    __shared__ float s_a[16][64];
    const int tid = threadIdx.x;
    const int m = tid / 2, k = (tid % 2) * 8;
    for (int i = 0; i < 8; ++i) s_a[k + i][m] = a[tid * 8 + i];  // expected-warning {{2-way bank conflict on store to 's_a'}} expected-note {{swizzle 's_a': index it as s_a[r][c ^ (((r >> 1) & 7) << 2)] (CuTe Swizzle<3,2,5> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 's_a' conflict-free after the change}}
    __syncthreads();
    float acc = 0.f;
    for (int r = 0; r < 16; ++r) {
        float4 v = *reinterpret_cast<float4*>(&s_a[r][(tid % 16) * 4]);
        acc += v.x + v.y + v.z + v.w;
    }
    out[tid] = acc;
}
// Each lane writes a float4 every 32 bytes of one row: lanes 0 and 4 meet a bank line apart.
__global__ void stridedRow(const float* b, float* out) {
    __shared__ float s_b[16][64];
    const int tid = threadIdx.x;
    const int k = tid / 8, n = (tid % 8) * 8;
    *reinterpret_cast<float4*>(&s_b[k][n]) = *reinterpret_cast<const float4*>(&b[tid * 8]);  // expected-warning {{2-way bank conflict on store to 's_b'}} expected-note {{swizzle 's_b': index it as s_b[r][c ^ (((c >> 5) & 1) << 2)] (CuTe Swizzle<1,2,3> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 's_b' conflict-free after the change}}
    __syncthreads();
    float4 v = *reinterpret_cast<float4*>(&s_b[tid / 16][(tid % 16) * 4]);
    out[tid] = v.x + v.y + v.z + v.w;
}
// The same transposed store into rows padded to 68 floats (as LeetCUDA's hgemm kernels pad with a
// template OFFSET): still 2-way, and no XOR fits rows of 68 elements. But no access reaches past
// column 63, so a swizzle of the first 64 columns is one, proven with the accesses it rewrites.
__global__ void paddedRows(const float* a, float* out) {
    __shared__ float s_p[16][64 + 4];  // expected-warning {{the padding '+ 4' in dimension 1 of 's_p' ([64 + 4]) costs 256 bytes per block and lowers no access's wavefronts}}
    const int tid = threadIdx.x;
    const int m = tid / 2, k = (tid % 2) * 8;
    for (int i = 0; i < 8; ++i) s_p[k + i][m] = a[tid * 8 + i];  // expected-warning {{2-way bank conflict on store to 's_p'}} expected-note {{swizzle 's_p': index it as s_p[r][c ^ (((r >> 1) & 7) << 2)] (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 's_p' conflict-free after the change}}
    __syncthreads();
    float acc = 0.f;
    for (int r = 0; r < 16; ++r) {
        float4 v = *reinterpret_cast<float4*>(&s_p[r][(tid % 16) * 4]);
        acc += v.x + v.y + v.z + v.w;
    }
    out[tid] = acc;
}
// A register-tiled GEMM's A tile, stored transposed (SGEMM_CUDA's kernel 11): lanes 4 apart in
// innerCol write rows 4 apart, 512 bytes, on one bank (4-way). The reads take 8 consecutive floats
// of a row, which nvcc merges into two LDS.128. With Bs the block's static memory is full (48 KB),
// so no padding fits; a swizzle written on the whole read index would make eight scalar reads
// (the XOR hides that they are consecutive). Written on the index's row part, `(P ^ f(P)) + i`,
// the reads stay a constant apart and merge.
__global__ void registerTile(const float* a, float* out) {  // expected-remark {{kernel 'registerTile' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block}}
    __shared__ float As[16 * 128];
    __shared__ float Bs[12288 - 16 * 128];
    const int tid = threadIdx.x;
    const int innerRow = tid / 4, innerCol = tid % 4;
    for (int offset = 0; offset < 128; offset += 32) {
        const float4 t = reinterpret_cast<const float4*>(a)[(innerRow + offset) * 4 + innerCol];
        As[(innerCol * 4 + 0) * 128 + innerRow + offset] = t.x;  // expected-warning {{4-way bank conflict on store to 'As'}} expected-note {{swizzle 'As': every offset becomes o ^ (((o >> 11) & 3) << 5), o the byte offset in 'As' (CuTe Swizzle<2,5,6> on the byte offset; 5 terms rewritten); no extra shared memory; verified: all 5 accesses of 'As' conflict-free after the change (on the IR, widths predicted)}}
        As[(innerCol * 4 + 1) * 128 + innerRow + offset] = t.y;  // expected-warning {{4-way bank conflict on store to 'As'}}
        As[(innerCol * 4 + 2) * 128 + innerRow + offset] = t.z;  // expected-warning {{4-way bank conflict on store to 'As'}}
        As[(innerCol * 4 + 3) * 128 + innerRow + offset] = t.w;  // expected-warning {{4-way bank conflict on store to 'As'}}
    }
    Bs[tid] = a[tid];
    __syncthreads();
    const int rowInWarp = (tid % 32) / 4;
    float acc[8] = {};
    for (int dot = 0; dot < 16; ++dot)
        for (int i = 0; i < 8; ++i) acc[i] += As[dot * 128 +
                                                 rowInWarp * 8 + i];
    float sum = Bs[tid];
    for (int i = 0; i < 8; ++i) sum += acc[i];
    out[tid] = sum;
}
void launch(const float* a, float* out) {
    transposedStore<<<1, 32>>>(a, out);
    stridedRow<<<1, 32>>>(a, out);
    paddedRows<<<1, 32>>>(a, out);
    registerTile<<<1, 128>>>(a, out);
}
// CHECK-FIXES: for (int i = 0; i < 8; ++i) s_a[k + i][m ^ ((((k + i) >> 1) & 7) << 2)] = a[tid * 8 + i];
// CHECK-FIXES: float4 v = *reinterpret_cast<float4*>(&s_a[r][((tid % 16) * 4) ^ (((r >> 1) & 7) << 2)]);
// CHECK-FIXES: *reinterpret_cast<float4*>(&s_b[k][n ^ (((n >> 5) & 1) << 2)]) = *reinterpret_cast<const float4*>(&b[tid * 8]);
// CHECK-FIXES: float4 v = *reinterpret_cast<float4*>(&s_b[tid / 16][((tid % 16) * 4) ^ (((((tid % 16) * 4) >> 5) & 1) << 2)]);
// CHECK-FIXES: for (int i = 0; i < 8; ++i) s_p[k + i][m ^ ((((k + i) >> 1) & 7) << 2)] = a[tid * 8 + i];
// CHECK-FIXES: As[(((innerCol * 4 + 0) * 128 + innerRow + offset) ^ (((((innerCol * 4 + 0) * 128 + innerRow + offset) >> 9) & 3) << 3))] = t.x;
// CHECK-FIXES: rowInWarp * 8) ^ ((((dot * 128 + rowInWarp * 8) >> 9) & 3) << 3)) + i];
