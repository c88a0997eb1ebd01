// An extension of a tensor library absent on this machine, written as xlite-dev/LeetCUDA writes its
// torch bindings (PyTorch itself has stand-ins: docs/prelude.md): the launcher's parameters
// (tensorlib::Tensor) do not compile, but its launch does, and gives the block shape.
#include <tensorlib/extension.h>
#include <cuda_runtime.h>

template <int BM = 128, int TM = 8>
__global__ void tiles(float* a) {
  __shared__ float s[BM][8];
  s[threadIdx.y * TM][threadIdx.x % 8] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}

void tiles_launcher(tensorlib::Tensor a) {
  constexpr int BM = 128, TM = 8;
  dim3 block(16, BM / TM);
  const int M = a.size(0);  // does not compile either: the grid is unknown, the block is not
  dim3 grid(M / BM);
  tiles<BM, TM><<<grid, block>>>(reinterpret_cast<float*>(a.data_ptr()));
}
