// The advisor pads a wmma tile's rows together with the ldm argument that is their length, and
// keeps every fragment's base 32-byte aligned (wmma's requirement): a fragment that starts at
// row 1 of a 64-half tile rules out + 8 (144-byte rows), so the padding is + 16. A call whose ldm
// is not the row length gets the reason: its rows do not move with the declaration.
#include <mma.h>
using namespace nvcuda;

__global__ void oddRow(const half* a, float* c) {
    __shared__ __align__(32) half As[32][64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) As[i / 64][i % 64] = a[i];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::load_matrix_sync(fa, &As[1][0], 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'As'}} expected-note {{pad 'As' to As[32][64 + 16]}} expected-note {{the ldm argument of the wmma calls on 'As' grows with the rows (1 call)}} expected-note {{only paddings that keep the alignment were considered}}
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.f);
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fill_fragment(fb, __float2half(1.f));
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// ldm 64 in a tile of 128-half rows: a sub-tile, not the row length.
__global__ void otherLdm(const half* a, float* c) {
    __shared__ __align__(32) half Bs[16][128];
    for (int i = threadIdx.x; i < 16 * 128; i += 32) Bs[i / 128][i % 128] = a[i];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::load_matrix_sync(fa, &Bs[0][0], 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'Bs'}} expected-note {{no fix proposed: the wmma call at line 28 passes ldm = 64, which is not the row length of 'Bs' (128): its rows do not move with a padding of the declaration}}
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.f);
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fill_fragment(fb, __float2half(1.f));
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

void launch(const half* a, float* c) {
    oddRow<<<1, 32>>>(a, c);
    otherLdm<<<1, 32>>>(a, c);
}
// CHECK-FIXES: __shared__ __align__(32) half As[32][64 + 16];
// CHECK-FIXES: wmma::load_matrix_sync(fa, &As[1][0], 64 + 16);
// CHECK-FIXES: __shared__ __align__(32) half Bs[16][128];
