// Cooperative groups: thread_block, warp tiles from tiled_partition, cg::reduce, tile shuffles,
// cg::memcpy_async into shared memory with cg::wait, coalesced groups and a grid-wide sync.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v) {
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  return v;
}

__global__ void cg_reduce(const float* __restrict__ in, float* __restrict__ out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float smem[1024];
  __shared__ float warp_sums[32];

  cg::memcpy_async(block, smem, in + blockIdx.x * 1024, sizeof(float) * 1024);
  cg::wait(block);

  float v = 0.0f;
  for (unsigned i = block.thread_rank(); i < 1024; i += block.size()) v += smem[i];
  v = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = v;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    float w = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0.0f;
    w = tile_sum(warp, w);
    float m = cg::reduce(warp, w, cg::greater<float>());
    if (warp.thread_rank() == 0) atomicAdd(out, w + 0.0f * m);
  }
  if (static_cast<int>(block.group_index().x) * 1024 >= n) return;
}

__global__ void cg_tiles(int* data) {
  auto block = cg::this_thread_block();
  auto tile16 = cg::tiled_partition<16>(block);
  auto tile4 = cg::tiled_partition<4>(tile16);
  int x = data[block.thread_rank()];
  x += tile16.shfl_xor(x, 1) + tile4.shfl(x, 0) + tile16.shfl_up(x, 1);
  if (tile16.any(x > 0) && tile4.all(x >= 0)) x += __popc(tile16.ballot(x & 1));
  cg::sync(block);
  dim3 t = block.thread_index();
  data[t.y * block.dim_threads().x + t.x] = x + tile4.meta_group_rank();
  if (x & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    data[0] += static_cast<int>(active.thread_rank() + active.size());
  }
  cg::thread_group g = cg::tiled_partition(block, 8);
  g.sync();
}

__global__ void cg_grid(float* data, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n); i += grid.size()) data[i] *= 2.0f;
  grid.sync();
  if (grid.thread_rank() == 0) data[0] = 0.0f;
  // The split barriers of CUDA 12+, and the toolkit's pointer constraint in a library's own asm.
  cg::grid_group::arrival_token token = grid.barrier_arrive();
  grid.barrier_wait(static_cast<cg::grid_group::arrival_token&&>(token));
  cg::thread_block block = cg::this_thread_block();
  block.barrier_wait(block.barrier_arrive());
  unsigned int seen;
  asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(seen) : _CG_ASM_PTR_CONSTRAINT(reinterpret_cast<unsigned int*>(data)) : "memory");
  data[1] = static_cast<float>(seen);
}

void launch(const float* in, float* out, int* data, int n) {
  cg_reduce<<<n / 1024, 1024>>>(in, out, n);
  cg_tiles<<<1, dim3(32, 8)>>>(data);
  float* fdata = out;
  void* args[] = {&fdata, &n};
  cudaLaunchCooperativeKernel(cg_grid, dim3(8), dim3(256), args, 0, nullptr);
}
