#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out, const int* key) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block b = cg::this_thread_block(scratch);
  cg::thread_block_tile<64> t = cg::tiled_partition<64>(b); (void)t;
  cg::coalesced_group active = cg::coalesced_threads();
  cg::coalesced_group same = cg::labeled_partition(active, key[threadIdx.x]);
  cg::coalesced_group odd = cg::binary_partition(cg::tiled_partition<32>(b), threadIdx.x & 1);
  if (same.thread_rank() == 0) atomicAdd(&out[key[threadIdx.x]], (int)same.size());
  out[threadIdx.x] += odd.size();
}
