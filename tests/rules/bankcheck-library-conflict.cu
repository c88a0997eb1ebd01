// bankcheck-library-conflict: a bank conflict a library makes in its own layout of its storage is
// this remark, at the user's call, not a warning. Reported: CUB's raking BlockScan of 256
// threads, whose slots (tid + tid / 8, one padding element per segment of 8) span 36 words per
// warp. Not reported: the warp-scans algorithm (one store per warp, broadcast reads), and a
// conflict in a plain array the user passes to a library copy (a warning of
// bankcheck-bank-conflict: the user's layout, tests/cases/cg_memcpy_async.cu).
// ARGS: --checks=-*,bankcheck-library-conflict
#include <cub/cub.cuh>

__global__ void raking(const int* in, int* out) {
    typedef cub::BlockScan<int, 256> BlockScan;
    __shared__ typename BlockScan::TempStorage temp;
    int x;
    // expected-remark@+2 {{2-way bank conflict on store to 'temp' inside 'cub::BlockScan::InclusiveSum' (2 wavefronts per warp, ideal 1): the library's own layout of it, which no edit of this code changes}}
    // expected-remark@+1 {{2-way bank conflict on load from 'temp' inside 'cub::BlockScan::InclusiveSum' (2 wavefronts per warp, ideal 1)}}
    BlockScan(temp).InclusiveSum(in[threadIdx.x], x);  // expected-note {{block 256x1x1 (launch at bankcheck-library-conflict.cu:29)}} expected-note {{lanes 0, 29 touch 2 different words of bank 4}} expected-note {{block 256x1x1 (launch at bankcheck-library-conflict.cu:29)}} expected-note {{lanes 0, 29 touch 2 different words of bank 4}}
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
    raking<<<8, 256>>>(a, b);
    warpScans<<<8, 256>>>(a, b);
}
