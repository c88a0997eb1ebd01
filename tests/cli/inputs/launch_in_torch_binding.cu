// A torch extension, as xlite-dev/LeetCUDA writes them, on a machine without torch: the launcher's
// parameters (torch::Tensor) do not compile, but its launch does, and gives the block shape.
#include <torch/extension.h>
#include <cuda_runtime.h>

template <int BM = 128, int TM = 8>
__global__ void tiles(float* a) {
  __shared__ float s[BM][8];
  s[threadIdx.y * TM][threadIdx.x % 8] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}

void tiles_launcher(torch::Tensor a) {
  constexpr int BM = 128, TM = 8;
  dim3 block(16, BM / TM);
  const int M = a.size(0);  // does not compile either: the grid is unknown, the block is not
  dim3 grid(M / BM);
  tiles<BM, TM><<<grid, block>>>(reinterpret_cast<float*>(a.data_ptr()));
}
