// Every `extern __shared__` declaration of one name in a file declares one array (C++ and CUDA
// alike): the declared row of one cannot change alone - the patched file would not compile
// ("redeclaration of 'shmem' with a different type"), as the re-parse of --fix found when the
// CUDA samples' bf16 and tf32 tensor-core GEMMs (two kernels, one `shmem`) were first offered the
// padding of advisor_two_view_buffer.cu. So the declarations are padded together: every kernel's
// declaration gets the same row, every kernel's accesses are moved and proven, and every launch's
// byte count grows. (An unsized `extern __shared__ float mem[]` changes no declaration: each
// kernel's indices and launches stay its own, advisor_carved_buffers.cu.)
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;

#define ROW (64 + 16)

__global__ void first(const int4* a, float* d) {
  extern __shared__ half shmem[][ROW];  // CHECK-FIXES: extern __shared__ half shmem[][ROW + 8];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < 4; ++i)
    *((int4*)&shmem[warp * 16 + i * 4 + lane / 8][0] + lane % 8) = a[threadIdx.x * 4 + i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  // expected-warning@+1 {{2-way bank conflict on ldmatrix from 'shmem'}} expected-note@+1 {{pad 'shmem' to shmem[][ROW + 8] (each launch's byte count grows with its rows; its 2 declarations alike)}}
  wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW);  // CHECK-FIXES: wmma::load_matrix_sync(fb, &shmem[warp * 16][16], ROW + 8);
  wmma::load_matrix_sync(fa, &shmem[warp * 16][0], ROW);  // expected-warning {{2-way bank conflict on ldmatrix from 'shmem'}}
  wmma::mma_sync(acc, fa, fb, acc);
  float* ctile = (float*)&shmem[0][0] + warp * 256;
  __syncthreads();
  wmma::store_matrix_sync(ctile, acc, 16, wmma::mem_row_major);  // expected-warning {{2-way bank conflict on store to 'ctile'}} expected-note {{pad 'ctile' to shmem[][ROW + 8] (each launch's byte count grows with its rows; its 2 declarations alike)}}
}

__global__ void second(const int4* a) {
  extern __shared__ half shmem[][ROW];  // CHECK-FIXES: extern __shared__ half shmem[][ROW + 8];
  const int lane = threadIdx.x % 32;
  *((int4*)&shmem[threadIdx.x / 8][0] + lane % 8) = a[threadIdx.x];
}

void launch(const int4* a, float* d) {
  first<<<1, 128, 16384>>>(a, d);  // CHECK-FIXES: first<<<1, 128, 16384 + 8192>>>(a, d);
  second<<<1, 128, 16384>>>(a);  // CHECK-FIXES: second<<<1, 128, 16384 + 8192>>>(a);
}
