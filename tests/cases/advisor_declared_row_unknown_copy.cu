// A buffer declared with rows (no carve-outs), filled by cp.async copies whose global source
// bankcheck does not follow (a pointer read from memory, stepped in a loop; until the
// thirty-second session, also the CUDA samples' pointer chosen between two arrays). Each copy's destination `&shmem[row][(lane % 8) * 8]` would land on
// its element after a padding of the declared row (a row term and a column the IR bounds below one
// row), but its banks are not computed, before or after: the padding could make it worse, unseen.
// The H100 showed it can: the bf16 sample padded so measured its copies 1.74 -> 2.61 ways and ran
// 0.87x as fast. So no padding is proposed, and the reason names the copy.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

#define ROW (64 + 16)

__global__ void staged(const half* const* sources, float* d, int n) {
  extern __shared__ half shmem[][ROW];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const half* base = sources[warp % 2];
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
  // expected-warning@+1 {{2-way bank conflict on ldmatrix from 'shmem' (8 wavefronts per warp, ideal 4)}} expected-note@+1 {{no fix proposed: the cp.async at line 25 (dst) is not computed (the global source of this cp.async is not followed ('src' changes across iterations of the loop at line 22): the L1 writes shared memory per 128-byte line it reads, so the banks depend on the source), and the padding would move it: copies into padded rows were measured slower, so a padding that cannot weigh it is not proposed}}
  wmma::load_matrix_sync(fa, &shmem[warp * 16][0], ROW);
  wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW);  // expected-warning {{2-way bank conflict on ldmatrix from 'shmem'}}
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d + warp * 256, acc, 16, wmma::mem_row_major);
}

void launch(const half* a, float* d, int n) {
  staged<<<1, 128, 16384>>>(reinterpret_cast<const half* const*>(d), d, n);
}
