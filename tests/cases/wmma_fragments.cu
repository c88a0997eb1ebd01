// wmma fragments from and to shared memory, as measured on the H200 (docs/hardware-model.md):
// an m16n16k16 __half A or B fragment is one LDSM.x4 over 16 rows of 32 bytes, `ldm` halves
// apart, each 8 rows one group; a float accumulator is 4 LDS.64/STS.64 (row-major) or 8 LDS/STS
// (column-major) in the mma layout (lane l: rows l/4 and l/4 + 8, columns 2(l%4) and 2(l%4)+8).
// ldm = 64 halves (128-byte rows) puts a group's 8 rows on the same 4 banks: 8 wavefronts per
// matrix, 32 for the load; the usual skew of 8 halves (ldm 72) brings it to 4. A 16-float
// accumulator tile stores 2-way; ldm 24 (96-byte rows) is clean; column-major with ldm 32, 4-way.
// The fixes pad the rows and the ldm arguments together (ldm is the row length here), to the
// measured clean values 72 and 24.
#include <mma.h>
using namespace nvcuda;

__global__ void tiles(const half* a, const half* b, float* c) {
    __shared__ __align__(32) half As[16][64];
    __shared__ __align__(32) half Bs[16][72];
    __shared__ __align__(32) float Cs[16][16];
    __shared__ __align__(32) float Cpad[16][24];
    __shared__ __align__(32) float Ccol[16][32];
    for (int i = threadIdx.x; i < 16 * 64; i += 32) As[i / 64][i % 64] = a[i];
    for (int i = threadIdx.x; i < 16 * 72; i += 32) Bs[i / 72][i % 72] = b[i];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(fa, &As[0][0], 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'As' (32 wavefronts per warp, ideal 4)}} expected-note {{pad 'As' to As[16][64 + 8]}} expected-note {{the ldm argument of the wmma calls on 'As' grows with the rows (1 call)}}
    wmma::load_matrix_sync(fb, &Bs[0][0], 72);  // skewed rows: clean
    wmma::fill_fragment(acc, 0.f);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(&Cs[0][0], acc, 16, wmma::mem_row_major);    // expected-warning {{2-way bank conflict on store to 'Cs' (4 wavefronts per warp, ideal 2)}} expected-note {{pad 'Cs' to Cs[16][16 + 8]}} expected-note {{the ldm argument of the wmma calls on 'Cs' grows with the rows (1 call)}}
    wmma::store_matrix_sync(&Cpad[0][0], acc, 24, wmma::mem_row_major);  // clean
    wmma::store_matrix_sync(&Ccol[0][0], acc, 32, wmma::mem_col_major);  // expected-warning {{4-way bank conflict on store to 'Ccol' (4 wavefronts per warp, ideal 1)}} expected-note {{pad 'Ccol' to Ccol[16][32 + 4]}} expected-note {{the ldm argument of the wmma calls on 'Ccol' grows with the rows (1 call)}}
    __syncthreads();
    c[threadIdx.x] = Cs[0][threadIdx.x % 16] + Cpad[0][threadIdx.x % 16] + Ccol[0][threadIdx.x];
}

void launch(const half* a, const half* b, float* c) { tiles<<<1, 32>>>(a, b, c); }
// CHECK-FIXES: __shared__ __align__(32) half As[16][64 + 8];
// CHECK-FIXES: __shared__ __align__(32) float Cs[16][16 + 8];
// CHECK-FIXES: __shared__ __align__(32) float Ccol[16][32 + 4];
// CHECK-FIXES: wmma::load_matrix_sync(fa, &As[0][0], 64 + 8);
// CHECK-FIXES: wmma::store_matrix_sync(&Cs[0][0], acc, 16 + 8, wmma::mem_row_major);
// CHECK-FIXES: wmma::store_matrix_sync(&Ccol[0][0], acc, 32 + 4, wmma::mem_col_major);
