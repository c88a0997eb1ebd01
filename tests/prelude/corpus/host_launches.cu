// Host code around kernels: launches with dim3 temporaries, dynamic shared memory and streams,
// CUDA events for timing, pinned memory, device properties, occupancy-driven block sizes.
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      std::fprintf(stderr, "%s failed: %s (%s)\n", #x, cudaGetErrorString(e), cudaGetErrorName(e)); \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__global__ void scale2d(float* data, int width, int height, float s) {
  __shared__ float row[16][17];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) row[threadIdx.y][threadIdx.x] = data[y * width + x];
  __syncthreads();
  if (x < width && y < height) data[y * width + x] = s * row[threadIdx.y][threadIdx.x];
}

__global__ void fill(float* data, int n, float v) {
  extern __shared__ float scratch[];
  scratch[threadIdx.x] = v;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) data[i] = scratch[threadIdx.x];
}

int main() {
  int device = 0, count = 0;
  CHECK(cudaGetDeviceCount(&count));
  CHECK(cudaSetDevice(device));
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("%s sm_%d%d, %d SMs, %zu B smem/block, warp %d\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, prop.sharedMemPerBlock, prop.warpSize);

  const int width = 1024, height = 768, n = width * height;
  float* h = nullptr;
  float* d = nullptr;
  CHECK(cudaMallocHost(&h, n * sizeof(float)));
  CHECK(cudaMalloc(reinterpret_cast<void**>(&d), n * sizeof(float)));

  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));

  int can_peer = 0;
  if (count > 1) CHECK(cudaDeviceCanAccessPeer(&can_peer, 0, 1));
  int compute_mode = 0;
  CHECK(cudaDeviceGetAttribute(&compute_mode, cudaDevAttrComputeMode, device));
  if (compute_mode == cudaComputeModeProhibited) return 1;

  CHECK(cudaProfilerStart());
  CHECK(cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, stream));
  CHECK(cudaEventRecord(start, stream));
  scale2d<<<dim3((width + 15) / 16, (height + 15) / 16), dim3(16, 16), 0, stream>>>(d, width, height, 2.0f);
  scale2d<<<dim3(width / 16, height / 16, 1), dim3(16, 16, 1)>>>(d, width, height, 0.5f);
  int min_grid = 0, block = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, fill, 0, 0));
  fill<<<min_grid, block, block * sizeof(float), stream>>>(d, n, 1.0f);
  fill<<<prop.multiProcessorCount * 4, 256, 256 * sizeof(float)>>>(d, n, 2.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop, stream));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaProfilerStop());
  std::printf("%.3f ms, h[0] = %f\n", ms, h[0]);

  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d));
  CHECK(cudaFreeHost(h));
  CHECK(cudaDeviceSynchronize());
  return 0;
}
