// Runs mmcv's nms_cuda (unmodified header, MMCV_WITH_TRT helpers) as NMSCUDAKernelLauncher does:
// grid (col_blocks, col_blocks), 64 threads, on random boxes.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "nms_cuda_kernel.cuh"
int main() {
  const int n = 4096;
  std::vector<float> boxes(n * 4);
  srand(1);
  for (int i = 0; i < n; ++i) {
    float x = rand() % 1000, y = rand() % 1000, w = 10 + rand() % 50, h = 10 + rand() % 50;
    boxes[i * 4 + 0] = x; boxes[i * 4 + 1] = y; boxes[i * 4 + 2] = x + w; boxes[i * 4 + 3] = y + h;
  }
  float* d; unsigned long long* m;
  const int col_blocks = (n + threadsPerBlock - 1) / threadsPerBlock;
  cudaMalloc(&d, n * 16); cudaMalloc(&m, (size_t)n * col_blocks * 8);
  cudaMemcpy(d, boxes.data(), n * 16, cudaMemcpyHostToDevice);
  dim3 blocks(col_blocks, col_blocks), threads(threadsPerBlock);
  nms_cuda<<<blocks, threads>>>(n, 0.5f, 0, d, m);
  cudaDeviceSynchronize();
  std::printf("nms_cuda: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
