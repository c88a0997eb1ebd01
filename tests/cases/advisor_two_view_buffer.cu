// One dynamic buffer, two views in two phases (the CUDA samples' tensor-core GEMMs): the A tile
// in rows of the declaration (`shmem[][ROW]`, the rows the wmma loads step by), and the C tile as
// floats of the same memory at its own stride. Padding the declared row moves the first view
// (the declaration, the wmma ldm arguments and the byte count change; the row indices move with
// the rows as written); the second view's rows are padded on their own (its terms rewritten
// t + t / S * P, its ldm grown), and the launch grows by the larger of the two paddings - correct
// only because no read of one view returns what the other wrote, which the advisor checks in the
// kernel's order. Where a read of the float view follows the half view's writes with no write of
// its own between, the padding is refused and the reason names both lines. (The two kernels name
// their buffers differently: every `extern __shared__` declaration of one name is one array, whose
// row cannot change in one kernel only - advisor_two_view_same_name.cu.)
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;

#define ROW (64 + 16)

__global__ void staged(const int4* a, float* d) {
  extern __shared__ half shmem[][ROW];  // CHECK-FIXES: extern __shared__ half shmem[][ROW + 8];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float* ctile = (float*)&shmem[0][0] + warp * 16 * 64;  // CHECK-FIXES: float* ctile = (float*)&shmem[0][0] + warp * 16 * 64 + (warp * 16 * 64) / 32 * 4;
  for (int i = 0; i < 4; ++i)
    *((int4*)&shmem[warp * 16 + i * 4 + lane / 8][0] + lane % 8) = a[threadIdx.x * 4 + i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < 4; ++k) {
    // expected-warning@+1 {{2-way bank conflict on ldmatrix from 'shmem' (8 wavefronts per warp, ideal 4)}} expected-note@+1 {{pad 'shmem' to shmem[][ROW + 8] (each launch's byte count grows with its rows): +2048 bytes of shared memory per block; staged blocks per SM on sm_90: 13 -> 12; verified: all 3 accesses of 'shmem' conflict-free after the change}}
    wmma::load_matrix_sync(fa, &shmem[warp * 16][k * 16], ROW);  // CHECK-FIXES: wmma::load_matrix_sync(fa, &shmem[warp * 16][k * 16], ROW + 8);
    // expected-note@-1 {{the declared row of 'shmem' (80 elements) gets 8 more: every index that counts its rows moves with them as written, and 2 wmma ldm arguments grow with the row}}
    // expected-note@-2 {{the accesses at lines 42, 44 use another view of the memory of 'shmem' (no written term counts its rows) and get rows padded on their own: each read of either view was last written through its own view}}
    // expected-note@-3 {{the other view's rows (lines 42, 44) are padded on their own: each row of 128 bytes gets 16 more, its 2 written terms t becoming t + t / S * P in their own units; each launch's byte count grows by the larger of the two paddings}}
    wmma::load_matrix_sync(fb, &shmem[warp * 16][k * 16], ROW);  // expected-warning {{2-way bank conflict on ldmatrix from 'shmem'}}
    // CHECK-FIXES: wmma::load_matrix_sync(fb, &shmem[warp * 16][k * 16], ROW + 8);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  __syncthreads();
  // The C tile's own stride (64 floats) is not the declared row: its rows are padded on their own.
  // expected-warning@+1 {{4-way bank conflict on store to 'ctile'}} expected-note@+1 {{pad 'ctile' to shmem[][ROW + 8] (each launch's byte count grows with its rows): +2048 bytes of shared memory per block; staged blocks per SM on sm_90: 13 -> 12; verified: all 2 accesses of 'ctile' conflict-free after the change}}
  wmma::store_matrix_sync(ctile, acc, 64, wmma::mem_row_major);  // CHECK-FIXES: wmma::store_matrix_sync(ctile, acc, 64 + 8, wmma::mem_row_major);
  __syncthreads();
  d[threadIdx.x] = ctile[lane];
}

__global__ void passes(const int4* a, float* d) {
  extern __shared__ half buf[][ROW];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float* ctile = (float*)&buf[0][0] + warp * 16 * 64;
  for (int i = 0; i < 4; ++i)
    *((int4*)&buf[warp * 16 + i * 4 + lane / 8][0] + lane % 8) = a[threadIdx.x * 4 + i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < 4; ++k) {
    // expected-warning@+1 {{2-way bank conflict on ldmatrix from 'buf'}} expected-note@+1 {{no fix proposed: 'buf' is the dynamic shared memory 'buf', which other buffers are carved out of, so its rows are padded as a whole: padding the declared rows of 'buf' would leave the accesses at lines 65 (another view of its memory) where they are, which is correct only if no data passes between the views: the read at line 65 (ctile[lane]) may return what the other view wrote at line 52}}
    wmma::load_matrix_sync(fa, &buf[warp * 16][k * 16], ROW);
    wmma::load_matrix_sync(fb, &buf[warp * 16][k * 16], ROW);  // expected-warning {{2-way bank conflict on ldmatrix from 'buf'}}
    wmma::mma_sync(acc, fa, fb, acc);
  }
  // The half tile read back as floats: data passes between the views.
  d[threadIdx.x] = ctile[lane];
}

void launch(const int4* a, float* d) {
  // The opt-in holds the first padding's launch (16384 + 1632) but not the second's (+ 2048): the
  // C view's padding grows it (a byte count only one of the two paddings edits).
  cudaFuncSetAttribute(staged, cudaFuncAttributeMaxDynamicSharedMemorySize, 18016);
  // CHECK-FIXES: cudaFuncSetAttribute(staged, cudaFuncAttributeMaxDynamicSharedMemorySize, 18016 + 416);
  staged<<<1, 128, 16384>>>(a, d);  // CHECK-FIXES: staged<<<1, 128, 16384 + 2048>>>(a, d);
  passes<<<1, 128, 16384>>>(a, d);
}
