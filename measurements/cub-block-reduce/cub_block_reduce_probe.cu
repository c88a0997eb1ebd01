// CUB's BlockReduce (default algorithm, BLOCK_REDUCE_WARP_REDUCTIONS) as the toolkit builds it: the
// shared-memory wavefronts of each launch (one block, nothing else in shared memory), to compare
// with what bankcheck computes from the prelude's model of it (docs/prelude.md). Run by run.sh.
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cstdio>

__global__ void sumFloat256(const float* in, float* out) {
  typedef cub::BlockReduce<float, 256> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const float s = BlockReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) out[0] = s;
}

__global__ void maxDoublePartial128(const double* in, double* out, int valid) {
  typedef cub::BlockReduce<double, 128> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const double m = BlockReduce(temp).Reduce(in[threadIdx.x], cuda::maximum<>{}, valid);
  if (threadIdx.x == 0) out[0] = m;
}

__global__ void sumInt1024(const int* in, int* out) {
  typedef cub::BlockReduce<int, 1024> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const int s = BlockReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) out[0] = s;
}

int main() {
  float *f, *fo;
  double *d, *dout;
  int *i, *io;
  cudaMalloc(&f, 1024 * sizeof(float));
  cudaMalloc(&fo, sizeof(float));
  cudaMalloc(&d, 1024 * sizeof(double));
  cudaMalloc(&dout, sizeof(double));
  cudaMalloc(&i, 1024 * sizeof(int));
  cudaMalloc(&io, sizeof(int));
  cudaMemset(f, 0, 1024 * sizeof(float));
  cudaMemset(d, 0, 1024 * sizeof(double));
  cudaMemset(i, 0, 1024 * sizeof(int));
  sumFloat256<<<1, 256>>>(f, fo);
  maxDoublePartial128<<<1, 128>>>(d, dout, 100);
  sumInt1024<<<1, 1024>>>(i, io);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
