// Runs faiss's own block-wide k-selection, unmodified: faiss's BlockSelectFloat32.cu,
// BlockSelectFloat128.cu and BlockSelectFloatF1024.cu (faiss/gpu/utils/blockselect/) are compiled
// with this file, and it calls their runBlockSelect_* functions as faiss's GPU indexes do, so that
// Nsight Compute counts the wavefronts of the bitonic merges in MergeNetworkBlock.cuh.
// Build and run: measurements/public-faiss/run.sh (on the GPU machine).
#include <faiss/gpu/utils/blockselect/BlockSelectImpl.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace faiss::gpu {
BLOCK_SELECT_DECL(float, false, 32);
BLOCK_SELECT_DECL(float, false, 128);
BLOCK_SELECT_DECL(float, false, 1024);
}  // namespace faiss::gpu

using faiss::idx_t;
using faiss::gpu::Tensor;

int main() {
  const int rows = 1024, cols = 4096;
  std::vector<float> host(static_cast<size_t>(rows) * cols);
  srand(1);
  for (float& v : host) v = static_cast<float>(rand()) / RAND_MAX;
  float *in, *outK;
  idx_t* outV;
  cudaMalloc(&in, host.size() * sizeof(float));
  cudaMalloc(&outK, static_cast<size_t>(rows) * 1024 * sizeof(float));
  cudaMalloc(&outV, static_cast<size_t>(rows) * 1024 * sizeof(idx_t));
  cudaMemcpy(in, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);

  const idx_t inSizes[2] = {rows, cols};
  Tensor<float, 2, true> inT(in, inSizes);
  for (int k : {32, 128, 1024}) {
    const idx_t outSizes[2] = {rows, k};
    Tensor<float, 2, true> outKT(outK, outSizes);
    Tensor<idx_t, 2, true> outVT(outV, outSizes);
    if (k == 32) faiss::gpu::runBlockSelect_float_false_32_(inT, outKT, outVT, false, k, 0);
    if (k == 128) faiss::gpu::runBlockSelect_float_false_128_(inT, outKT, outVT, false, k, 0);
    if (k == 1024) faiss::gpu::runBlockSelect_float_false_1024_(inT, outKT, outVT, false, k, 0);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    // The k smallest of row 0 and their columns, against a sort on the host.
    std::vector<float> got(k), row(host.begin(), host.begin() + cols);
    std::vector<idx_t> where(k);
    cudaMemcpy(got.data(), outK, k * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(where.data(), outV, k * sizeof(idx_t), cudaMemcpyDeviceToHost);
    std::sort(row.begin(), row.end());
    for (int i = 0; i < k; ++i)
      if (got[i] != row[i] || host[where[i]] != got[i]) {
        printf("k = %d: mismatch at %d: %f vs %f\n", k, i, got[i], row[i]);
        return 1;
      }
    printf("k = %d: the %d smallest of row 0 match a host sort\n", k, k);
  }
  return 0;
}
