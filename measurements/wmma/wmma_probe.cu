// wmma load/store_matrix_sync from/to shared memory: one warp, one call per launch, for each
// fragment kind, layout and ldm. ncu reads the kernel's shared wavefronts and instruction counts;
// cuobjdump shows which SASS instructions each becomes.
#include <mma.h>
#include <cstdio>
#include <cstring>
using namespace nvcuda;
constexpr int BUF = 16384;  // bytes
template <int LDM> __global__ void loadA_row(const half* g, float* out) {
  __shared__ __align__(128) half s[BUF / 2];
  for (int i = threadIdx.x; i < BUF / 2; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> f;
  wmma::load_matrix_sync(f, s, LDM);
  out[threadIdx.x] = __half2float(f.x[0]) + __half2float(f.x[f.num_elements - 1]);
}
template <int LDM> __global__ void loadA_col(const half* g, float* out) {
  __shared__ __align__(128) half s[BUF / 2];
  for (int i = threadIdx.x; i < BUF / 2; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> f;
  wmma::load_matrix_sync(f, s, LDM);
  out[threadIdx.x] = __half2float(f.x[0]) + __half2float(f.x[f.num_elements - 1]);
}
template <int LDM> __global__ void loadB_row(const half* g, float* out) {
  __shared__ __align__(128) half s[BUF / 2];
  for (int i = threadIdx.x; i < BUF / 2; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> f;
  wmma::load_matrix_sync(f, s, LDM);
  out[threadIdx.x] = __half2float(f.x[0]) + __half2float(f.x[f.num_elements - 1]);
}
template <int LDM> __global__ void loadB_col(const half* g, float* out) {
  __shared__ __align__(128) half s[BUF / 2];
  for (int i = threadIdx.x; i < BUF / 2; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> f;
  wmma::load_matrix_sync(f, s, LDM);
  out[threadIdx.x] = __half2float(f.x[0]) + __half2float(f.x[f.num_elements - 1]);
}
template <int LDM> __global__ void loadC_row(const float* g, float* out) {
  __shared__ __align__(128) float s[BUF / 4];
  for (int i = threadIdx.x; i < BUF / 4; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> f;
  wmma::load_matrix_sync(f, s, LDM, wmma::mem_row_major);
  float t = 0.f;
  for (int i = 0; i < f.num_elements; ++i) t += f.x[i] * (i + 1);
  out[threadIdx.x] = t;
}
template <int LDM> __global__ void loadC_col(const float* g, float* out) {
  __shared__ __align__(128) float s[BUF / 4];
  for (int i = threadIdx.x; i < BUF / 4; i += 32) s[i] = g[i];
  __syncthreads();
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> f;
  wmma::load_matrix_sync(f, s, LDM, wmma::mem_col_major);
  float t = 0.f;
  for (int i = 0; i < f.num_elements; ++i) t += f.x[i] * (i + 1);
  out[threadIdx.x] = t;
}
template <int LDM> __global__ void storeC_row(const float* g, float* out) {
  __shared__ __align__(128) float s[BUF / 4];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> f;
  wmma::fill_fragment(f, g[threadIdx.x]);
  wmma::store_matrix_sync(s, f, LDM, wmma::mem_row_major);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 7];
}
template <int LDM> __global__ void storeC_col(const float* g, float* out) {
  __shared__ __align__(128) float s[BUF / 4];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> f;
  wmma::fill_fragment(f, g[threadIdx.x]);
  wmma::store_matrix_sync(s, f, LDM, wmma::mem_col_major);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 7];
}
template <int LDM> __global__ void storeCh_row(const float* g, float* out) {
  __shared__ __align__(128) half s[BUF / 2];
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> f;
  wmma::fill_fragment(f, __float2half(g[threadIdx.x]));
  wmma::store_matrix_sync(s, f, LDM, wmma::mem_row_major);
  __syncthreads();
  out[threadIdx.x] = __half2float(s[threadIdx.x * 7]);
}
// argv[1] == "all": every kernel and ldm in turn, each printed in launch order.
#define RUN(K, L) do { if (all || (!strcmp(argv[1], #K) && atoi(argv[2]) == L)) { K<L><<<1, 32>>>(hg, out); cudaDeviceSynchronize(); printf("%d %s %d\n", ran++, #K, L); } } while (0)
#define RUNF(K, L) do { if (all || (!strcmp(argv[1], #K) && atoi(argv[2]) == L)) { K<L><<<1, 32>>>(fg, out); cudaDeviceSynchronize(); printf("%d %s %d\n", ran++, #K, L); } } while (0)
#define LDMS(M, K) M(K, 16); M(K, 24); M(K, 32); M(K, 40); M(K, 48); M(K, 64); M(K, 72); M(K, 80); M(K, 128); M(K, 136)
int main(int argc, char** argv) {
  half* hg; float* fg; float* out; int ran = 0;
  const bool all = argc > 1 && !strcmp(argv[1], "all");
  cudaMalloc(&hg, BUF); cudaMalloc(&fg, BUF); cudaMalloc(&out, 4096);
  cudaMemset(hg, 0, BUF); cudaMemset(fg, 0, BUF);
  LDMS(RUN, loadA_row); LDMS(RUN, loadA_col); LDMS(RUN, loadB_row); LDMS(RUN, loadB_col);
  LDMS(RUNF, loadC_row); LDMS(RUNF, loadC_col); LDMS(RUNF, storeC_row); LDMS(RUNF, storeC_col); LDMS(RUNF, storeCh_row);
  cudaError_t e = cudaDeviceSynchronize();
  if (!ran || e != cudaSuccess) { printf("not run %s %s: %s\n", argv[1], argv[2], cudaGetErrorString(e)); return 1; }
  return 0;
}
