// A buffer declared with rows (no carve-outs), filled by cp.async copies whose global source
// bankcheck does not follow (a pointer chosen between two arrays and stepped in a loop, as in the
// CUDA samples' async GEMMs): their banks stay unknown, but each copy's destination
// `&shmem[row][(lane % 8) * 8]` is a row term and a column the IR bounds below one row, so it
// lands on its element after a padding of the declared row without a lane-by-lane check. The
// declared row is padded for the computed wmma loads, the copy stays unknown before and after,
// and the proof says how many accesses it did not compute.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

#define ROW (64 + 16)

__global__ void staged(const half* a, const half* d_b, float* d, int n) {
  extern __shared__ half shmem[][ROW];  // CHECK-FIXES: extern __shared__ half shmem[][ROW + 8];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const half* base = warp < 2 ? a : d_b;
  const half* src = base + (lane % 8) * n + (lane / 8) * 8;
  int row = warp * 16 + lane / 8;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&shmem[row][(lane % 8) * 8]));
    // expected-remark@+1 {{bank conflicts of cp.async into 'shmem' not computed: the global source of this cp.async is not followed ('src' changes across iterations of the loop at line 22)}}
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
    src = src + 4096;
    row += 4;
  }
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  // expected-warning@+1 {{2-way bank conflict on ldmatrix from 'shmem' (8 wavefronts per warp, ideal 4)}} expected-note@+1 {{pad 'shmem' to shmem[][ROW + 8] (each launch's byte count grows with its rows): +1632 bytes of shared memory per block; staged blocks per SM on sm_90: 13 -> 12; verified: the 2 computed accesses of 'shmem' conflict-free after the change (1 not computed)}}
  wmma::load_matrix_sync(fa, &shmem[warp * 16][0], ROW);  // CHECK-FIXES: wmma::load_matrix_sync(fa, &shmem[warp * 16][0], ROW + 8);
  // expected-note@-1 {{1 of the 3 accesses of 'shmem' could not be computed; the padding is chosen from the others}}
  wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW);  // expected-warning {{2-way bank conflict on ldmatrix from 'shmem'}}
  // CHECK-FIXES: wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW + 8);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d + warp * 256, acc, 16, wmma::mem_row_major);
}

void launch(const half* a, float* d, int n) {
  staged<<<1, 128, 16384>>>(a, a + 65536, d, n);  // CHECK-FIXES: staged<<<1, 128, 16384 + 1632>>>(a, a + 65536, d, n);
}
