// Hopper thread-block clusters: __cluster_dims__, distributed shared memory through
// cluster.map_shared_rank, cluster.sync(), a TMA descriptor passed as a __grid_constant__
// parameter, and a launch with cudaLaunchKernelEx and a cluster-dimension attribute.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) cluster_histogram(const int* __restrict__ in, int* __restrict__ out, int n, int bins) {
  extern __shared__ int smem_hist[];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int bins_per_block = bins / static_cast<int>(cluster.num_blocks());
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) smem_hist[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = in[i] % bins;
    int* dst = cluster.map_shared_rank(smem_hist, b / bins_per_block);
    atomicAdd(dst + b % bins_per_block, 1);
  }
  cluster.sync();
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) atomicAdd(&out[rank * bins_per_block + i], smem_hist[i]);
}

__global__ void takes_tensor_map(const __grid_constant__ CUtensorMap tmap, float* out) {
  __shared__ alignas(128) float tile[64][64];
  const CUtensorMap* p = &tmap;
  tile[threadIdx.y][threadIdx.x] = static_cast<float>(reinterpret_cast<unsigned long long>(p) & 1);
  __syncthreads();
  out[threadIdx.y * 64 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  if (__isCtaShared(&tile[0][0])) __threadfence_block();
}

void launch(const int* in, int* out, int n) {
  const int bins = 512;
  cluster_histogram<<<16, 256, (bins / 2) * sizeof(int)>>>(in, out, n, bins);

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16);
  config.blockDim = dim3(256);
  config.dynamicSmemBytes = (bins / 4) * sizeof(int);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 4;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  config.attrs = attr;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, cluster_histogram, in, out, n, bins);
}
