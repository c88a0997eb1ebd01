// cooperative_groups' thread_group is type-erased: its thread_rank() and size() have no body a
// walker could follow. Where the object passed (or copied) as a thread_group is known to be a
// thread_block or a thread_block_tile, the derived class's definition is the one that runs. (Clang
// instantiates a tile's methods only where the file calls them on the tile itself, as
// simpleCooperativeGroups does; one it never calls there stays unknown, with the reason.)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Every lane on its own row of 32 floats: 32-way, whichever group called it.
__device__ void storeColumn(cg::thread_group g, float* x) { x[g.thread_rank() * 32] = 1.f; }  // expected-warning {{32-way bank conflict on store to 'byBlock'}} expected-warning {{16-way bank conflict on store to 'byTile'}}

// A group's size bounds a loop: computed through the derived class too.
__device__ float sumRow(const cg::thread_group& g, const float* x) {
    float acc = 0.f;
    for (unsigned i = 0; i < g.size(); ++i) acc += x[i * 33 + g.thread_rank()];
    return acc;
}

__global__ void erased(float* out) {
    __shared__ float byBlock[32 * 32];
    __shared__ float byTile[32 * 32];
    __shared__ float padded[64 * 33];
    cg::thread_block block = cg::this_thread_block();
    storeColumn(block, byBlock);
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    const unsigned rank = tile.thread_rank();
    storeColumn(tile, byTile);
    cg::thread_group g = cg::this_thread_block();
    out[threadIdx.x] = sumRow(g, padded) + rank;
}

void launch(float* out) { erased<<<1, 32>>>(out); }
