// Tiles filled by 16-byte cp.async.cg copies into padded rows: the copies' conflicts come from the
// padding, here a constant the advisor does not take out (advisor_unpad_copies.cu: a template
// parameter it does); the reason says what the tile is read with, since that decides whether an
// XOR swizzle could keep the copied lines whole instead.
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

constexpr int ROW = 64 + 8;  // halves: 128 bytes of data, padded by 16

// Read by ldmatrix: unpadded rows with a swizzle would keep copies and reads conflict-free.
__global__ void paddedForLdmatrix(const __half* g, unsigned* out) {
  __shared__ __align__(16) __half sA[32][ROW];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int r = warp * 4; r < warp * 4 + 4; ++r)
    __pipeline_memcpy_async(&sA[r * 4 + lane / 8][(lane % 8) * 8], &g[(r * 4 + lane / 8) * 64 + (lane % 8) * 8], 16);  // expected-warning {{2.8-way bank conflict on cp.async into 'sA' (11 wavefronts per warp, ideal 4)}} expected-note {{no fix proposed: 'sA': its conflicts are in cp.async.cg copies, which the fix search weighs only where it takes out a row padding that splits their lines (their count is not the launch's shared-memory counter): no written term of its accesses adds a padding to a row stride; the tile is read by ldmatrix (line 22): where a row padding splits the copied lines, unpadded rows with an XOR swizzle of their 16-byte chunks keep both the copies and the ldmatrix reads conflict-free}}
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  unsigned r0, r1, r2, r3;
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&sA[lane % 16][(lane / 16) * 8]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(at));
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

// Read by wmma: its loads take a row stride, so no swizzle is an option.
__global__ void paddedForWmma(const __half* g, float* out) {
  __shared__ __align__(32) __half sB[32][ROW];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int r = warp * 4; r < warp * 4 + 4; ++r)
    __pipeline_memcpy_async(&sB[r * 4 + lane / 8][(lane % 8) * 8], &g[(r * 4 + lane / 8) * 64 + (lane % 8) * 8], 16);  // expected-warning {{2.8-way bank conflict on cp.async into 'sB' (11 wavefronts per warp, ideal 4)}} expected-note {{the tile is read by wmma::load_matrix_sync (line 36), which takes a row stride: the XOR swizzle of 16-byte chunks that keeps copied lines whole, where a row padding splits them, cannot be read by it}}
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __half, nvcuda::wmma::row_major> a;
  nvcuda::wmma::load_matrix_sync(a, &sB[0][0], ROW);
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> c;
  nvcuda::wmma::fill_fragment(c, 0.0f);
  nvcuda::wmma::mma_sync(c, a, nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, __half, nvcuda::wmma::col_major>(), c);
  nvcuda::wmma::store_matrix_sync(out, c, 16, nvcuda::wmma::mem_row_major);
}

void launch(const __half* g, unsigned* u, float* f) {
  paddedForLdmatrix<<<1, 256>>>(g, u);
  paddedForWmma<<<1, 256>>>(g, f);
}
