// A cooperative_groups tile kept in a `thread_block_tile<N>` (`auto`-free, as reductions write it:
// `cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);`) keeps its rank among the
// block's tiles: `warp.meta_group_rank()` indexes per-warp partial results (was: not computed, the
// converted tile's fields were not followed). Two tiles of 16 in one warp have different ranks. A
// `block.sync()` (a static method called on the object) is the block barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void partialSums(const float* in, float* out) {
    __shared__ float partial[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    float v = in[block.thread_rank()];
    partial[warp.meta_group_rank()] = v;  // one word per warp: conflict-free
    block.sync();
    if (warp.meta_group_rank() == 0) out[blockIdx.x] = warp.thread_rank() < warp.meta_group_size() ? partial[warp.thread_rank()] : 0.f;
}

__global__ void halfWarpTiles(const float* in, float* out) {
    __shared__ float rows[16][32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    rows[tile.meta_group_rank()][tile.thread_rank()] = in[block.thread_rank()];  // expected-warning {{2-way bank conflict on store to 'rows'}}
    block.sync();
    out[block.thread_rank()] = rows[0][tile.thread_rank()];
}

void run(const float* in, float* out) {
    partialSums<<<8, 256>>>(in, out);
    halfWarpTiles<<<8, 256>>>(in, out);
}
