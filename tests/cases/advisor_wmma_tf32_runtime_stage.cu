// tf32 fragments (m16n16k8, measured on the H200: four 4-byte loads per call, rows of 16 bytes
// for matrix_a row-major, 32 bytes for matrix_b row-major) read from a double-buffered tile whose
// stage after the main loop is chosen by the run-time K. The stage only shifts the whole warp by
// whole stages, so the accesses are computed, and a padding of the rows (which keeps every
// fragment's base 32-byte aligned, as wmma requires) is proven for every stage (the stage term's `% 32` alignment check holds for any stage: a
// stage is a whole number of 32-byte units).
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

template <int STAGES>
__global__ void tf32Tail(const float* a, const float* b, float* c, int K) {
    __shared__ __align__(32) float As[STAGES][64][8], Bs[STAGES][8][64];
    // 16-byte asynchronous copies (cp.async.cg, not weighed by the fix search: the shared-memory
    // counter omits their writes), two per row of As, sixteen per row of Bs.
    __pipeline_memcpy_async(&As[0][threadIdx.x / 2][threadIdx.x % 2 * 4], &a[threadIdx.x * 4], 16);
    __pipeline_memcpy_async(&Bs[0][threadIdx.x / 16][threadIdx.x % 16 * 4], &b[threadIdx.x * 4], 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    const int tiles = (K + 7) / 8;
    const int stage = (tiles - 1) % STAGES;
    const int warp = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
    wmma::load_matrix_sync(fa, &As[stage][warp * 16][0], 8);  // expected-warning {{2-way bank conflict on load from 'As'}} expected-note {{shifts every lane's address by the same amount}} expected-note {{pad 'As' to As[STAGES][64][8 + 4]}} expected-note {{the ldm argument of the wmma calls on 'As' grows with the rows (1 call)}} expected-note {{only paddings that keep the alignment were considered}}
    wmma::load_matrix_sync(fb, &Bs[stage][0][warp * 16], 64);  // expected-warning {{4-way bank conflict on load from 'Bs'}} expected-note {{shifts every lane's address by the same amount}} expected-note {{pad 'Bs' to Bs[STAGES][8][64 + 8]}} expected-note {{the ldm argument of the wmma calls on 'Bs' grows with the rows (1 call)}} expected-note {{only paddings that keep the alignment were considered}}
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.f);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + warp * 16, acc, 64, wmma::mem_row_major);
}

void launch(const float* a, const float* b, float* c, int K) { tf32Tail<2><<<1, 128>>>(a, b, c, K); }
// CHECK-FIXES: __shared__ __align__(32) float As[STAGES][64][8 + 4], Bs[STAGES][8][64 + 8];
// CHECK-FIXES: wmma::load_matrix_sync(fa, &As[stage][warp * 16][0], 8 + 4);
// CHECK-FIXES: wmma::load_matrix_sync(fb, &Bs[stage][0][warp * 16], 64 + 8);
