// bankcheck-library-conflict: a bank conflict a library makes in its own layout of its storage is
// this remark, at the user's call, not a warning: one per call, kind and storage, the worst of
// its instances. Reported: CUB's raking BlockScan of 128 and 256 threads, whose slots
// (tid + tid / segment, one padding element per segment) span more than 32 words per warp. Not
// reported: the warp-scans algorithm (one store per warp, broadcast reads), and a conflict in a
// plain array the user passes to a library copy (a warning of bankcheck-bank-conflict: the user's
// layout, tests/cases/cg_memcpy_async.cu).
// ARGS: --checks=-*,bankcheck-library-conflict
#include <cub/cub.cuh>

template <int Threads>
__global__ void raking(const int* in, int* out) {
    typedef cub::BlockScan<int, Threads> BlockScan;
    __shared__ typename BlockScan::TempStorage temp;
    int x;
    // expected-remark@+2 {{2-way bank conflict on store to 'temp' in 'raking<128>' inside 'cub::BlockScan::InclusiveSum' (2 wavefronts per warp, ideal 1): the library's own layout of it, which no edit of this code changes}}
    // expected-remark@+1 {{2-way bank conflict on load from 'temp' in 'raking<128>' inside 'cub::BlockScan::InclusiveSum' (2 wavefronts per warp, ideal 1)}}
    BlockScan(temp).InclusiveSum(in[threadIdx.x], x);  // expected-note {{block 128x1x1 (launch at bankcheck-library-conflict.cu:31)}} expected-note {{lanes 0, 26 touch 2 different words of bank 4}} expected-note {{the worst of 2 conflicting accesses of this call, in 2 kernel instances}} expected-note {{block 128x1x1 (launch at bankcheck-library-conflict.cu:31)}} expected-note {{lanes 0, 26 touch 2 different words of bank 4}} expected-note {{the worst of 2 conflicting accesses of this call, in 2 kernel instances}}
    out[threadIdx.x] = x;
}

__global__ void warpScans(const int* in, int* out) {
    typedef cub::BlockScan<int, 256, cub::BLOCK_SCAN_WARP_SCANS> BlockScan;
    __shared__ typename BlockScan::TempStorage temp;
    int x;
    BlockScan(temp).InclusiveSum(in[threadIdx.x], x);
    out[threadIdx.x] = x;
}

void run(const int* a, int* b) {
    raking<128><<<8, 128>>>(a, b);
    raking<256><<<8, 256>>>(a, b);
    warpScans<<<8, 256>>>(a, b);
}
