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
void launch(const float* a, float* out) {
    transposedStore<<<1, 32>>>(a, out);
    stridedRow<<<1, 32>>>(a, out);
    paddedRows<<<1, 32>>>(a, out);
}
// CHECK-FIXES: for (int i = 0; i < 8; ++i) s_a[k + i][m ^ ((((k + i) >> 1) & 7) << 2)] = a[tid * 8 + i];
// CHECK-FIXES: float4 v = *reinterpret_cast<float4*>(&s_a[r][((tid % 16) * 4) ^ (((r >> 1) & 7) << 2)]);
// CHECK-FIXES: *reinterpret_cast<float4*>(&s_b[k][n ^ (((n >> 5) & 1) << 2)]) = *reinterpret_cast<const float4*>(&b[tid * 8]);
// CHECK-FIXES: float4 v = *reinterpret_cast<float4*>(&s_b[tid / 16][((tid % 16) * 4) ^ (((((tid % 16) * 4) >> 5) & 1) << 2)]);
// CHECK-FIXES: for (int i = 0; i < 8; ++i) s_p[k + i][m ^ ((((k + i) >> 1) & 7) << 2)] = a[tid * 8 + i];
