// The same buffer as advisor_declared_row_unknown_copy.cu, filled by 16-byte cp.async.cg copies
// whose source bankcheck follows (a pointer chosen between two arrays, stepped in a loop, as in
// the CUDA samples' async GEMMs). Each 8 lanes copy one 128-byte global line into one row of 128
// bytes (4 wavefronts, ideal 4). Padding the declared row by 8 halves would make the wmma loads
// conflict-free but split the copies' lines over two shared lines (more wavefronts, as the
// H100 measured for the bf16 sample padded so: 1.74 -> 2.61 ways, its async kernel 0.87x as
// fast). The fix search does not weigh .cg copies against loads, so that padding is not proposed,
// and the reason gives the copy and its counts.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

#define ROW 64

__global__ void staged(const half* a, const half* d_b, float* d, int n) {
  extern __shared__ half shmem[][ROW];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const half* base = warp < 2 ? a : d_b;
  const half* src = base + (lane / 8) * n + (lane % 8) * 8;
  int row = warp * 16 + lane / 8;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&shmem[row][(lane % 8) * 8]));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
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
  // expected-warning@+1 {{8-way bank conflict on ldmatrix from 'shmem' (32 wavefronts per warp, ideal 4)}} expected-note@+1 {{no fix proposed: the padding would raise the cp.async.cg copy at line 25 (dst) from 1 to 2.62 wavefronts per ideal one (Nsight Compute's count): copies into padded rows were measured slower}}
  wmma::load_matrix_sync(fa, &shmem[warp * 16][0], ROW);
  wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW);  // expected-warning {{8-way bank conflict on ldmatrix from 'shmem'}}
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d + warp * 256, acc, 16, wmma::mem_row_major);
}

void launch(const half* a, float* d, int n) {
  staged<<<1, 128, 16384>>>(a, a + 65536, d, n);
}
