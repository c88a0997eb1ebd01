// The advisor pads flat wmma tiles reached through pointer arithmetic (`tile + 16 * k`, as public
// wmma kernels write them): the pointer's written terms move with the rows, and each call's ldm
// grows with the rows it steps over (a call whose 16 rows stay inside one row keeps its ldm). A
// fragment's first element must stay 32-byte aligned (wmma's requirement): checked lane by lane,
// so a fragment that starts in row 1 rules out paddings of 16 bytes.
#include <mma.h>
using namespace nvcuda;

// 16 rows of 64 halves (128 bytes): fragments at columns 16 * k of row 0, ldm 64.
__global__ void flatRows(const half* a, float* c) {
    __shared__ __align__(32) half tile[16 * 64];
    for (int i = threadIdx.x; i < 16 * 64; i += 32) tile[i] = a[i];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.f);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        wmma::load_matrix_sync(fa, tile + 16 * k, 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{pad 'tile' to tile[16 * 64 + (16 * 64) / 64 * 8]: +256 bytes of shared memory per block; flatRows blocks per SM on sm_90: 32 -> 32; verified: all 3 accesses of 'tile' conflict-free after the change}} expected-note {{every index i becomes i + i / 64 * 8 (5 indices)}} expected-note {{rows and paddings must stay a multiple of 16 bytes (wmma matrix_a access at line 20)}}
        wmma::load_matrix_sync(fb, tile + 16 * k, 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (32 wavefronts per warp, ideal 4)}}
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// The same tile, but the fragment starts in row 1: padding rows of 64 halves by 16 bytes would
// leave it at byte 144, off the 32-byte alignment; rows of 32 halves padded by 16 bytes put it at
// byte 160 and its rows 160 bytes apart, which leaves a 2-way conflict (4 of the 8 chunk positions).
__global__ void secondRow(const half* a, float* c) {
    __shared__ __align__(32) half tile[32 * 64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) tile[i] = a[i];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.f);
    wmma::load_matrix_sync(fa, tile + 64, 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{pad 'tile' to tile[32 * 64 + (32 * 64) / 32 * 8]: +1024 bytes of shared memory per block; secondRow blocks per SM on sm_90: 32 -> 32; verified: the accesses of 'tile' need 1.6x fewer wavefronts after the change (worst 2-way)}} expected-note {{every index i becomes i + i / 32 * 8 (4 indices)}} expected-note {{only paddings that keep the alignment were considered}}
    wmma::load_matrix_sync(fb, tile, 64);  // expected-warning {{8-way bank conflict on ldmatrix from 'tile' (32 wavefronts per warp, ideal 4)}}
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A float accumulator tile in dynamic memory, 16 rows of 32 floats (128 bytes), each warp storing
// its 16 columns: the launch's byte count grows with the rows.
__global__ void accumulatorRows(float* out) {
    extern __shared__ __align__(32) float ctile[];
    const int warp = threadIdx.x / 32;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 1.f);
    wmma::store_matrix_sync(ctile + 16 * warp, acc, 32, wmma::mem_row_major);  // expected-warning {{4-way bank conflict on store to 'ctile' (8 wavefronts per warp, ideal 2)}} expected-note {{pad 'ctile' to rows of 40 elements instead of 32 (each launch's byte count grows with them): +512 bytes of shared memory per block; accumulatorRows blocks per SM on sm_90: 32 -> 32; verified: all 2 accesses of 'ctile' conflict-free after the change}} expected-note {{every index i becomes i + i / 32 * 8 (3 indices)}} expected-note {{only paddings that keep the alignment were considered}}
    __syncthreads();
    for (int i = threadIdx.x; i < 16 * 32; i += 64) out[i] = ctile[i];
}

void launch(const half* a, float* c) {
    flatRows<<<1, 32>>>(a, c);
    secondRow<<<1, 32>>>(a, c);
    accumulatorRows<<<1, 64, 16 * 32 * sizeof(float)>>>(c);
}
// CHECK-FIXES: __shared__ __align__(32) half tile[16 * 64 + (16 * 64) / 64 * 8];
// CHECK-FIXES: wmma::load_matrix_sync(fa, tile + 16 * k + (16 * k) / 64 * 8, 64 + 8);
// CHECK-FIXES: wmma::load_matrix_sync(fa, tile + 64 + 64 / 32 * 8, 64 + 16);
// CHECK-FIXES: wmma::load_matrix_sync(fb, tile, 64 + 16);
// CHECK-FIXES: wmma::store_matrix_sync(ctile + 16 * warp + (16 * warp) / 32 * 8, acc, 32 + 8, wmma::mem_row_major);
// CHECK-FIXES: accumulatorRows<<<1, 64, 16 * 32 * sizeof(float) + 512>>>(c);
