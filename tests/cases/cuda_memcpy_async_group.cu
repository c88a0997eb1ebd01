// cuda::memcpy_async with a thread group, walked as libcu++ (CUDA 13) carries it out: the promise
// is the larger of the element type's alignment and the aligned_size_t's N. With a pipeline, or a
// barrier and a promise below 16 bytes, the thread of rank r copies bytes r w, r w + size w, ...
// with cp.async of width w (.cg at 16 bytes); below 4 bytes, with plain 1- or 2-byte stores. With
// a block-scope barrier (default completion) and a 16-byte promise on sm_90, rank 0 issues one
// bulk copy, whose banks do not matter (measured: docs/hardware-model.md, "Bulk copies").
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

struct OnCompletion {
    __device__ void operator()() noexcept {}
};

__global__ void __launch_bounds__(128) groupCopies(const float* A, const double* B, const unsigned short* H) {
    __shared__ __align__(16) float tile[2048];
    __shared__ __align__(16) double skewed[64][68];
    __shared__ __align__(16) unsigned short halves[512];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ cuda::barrier<cuda::thread_scope_block, OnCompletion> counted;
    auto block = cg::this_thread_block();
    auto tile32 = cg::tiled_partition<32>(block);
    const int w = threadIdx.x / 32;
    auto pipe = cuda::make_pipeline(block, &state);  // expected-remark {{call to 'make_pipeline' with a pointer into 'state' not analyzed}}
    pipe.producer_acquire();
    // 8 KB in 16-byte copies: each warp's 512 contiguous bytes are 4 lines into 4 lines.
    cuda::memcpy_async(block, tile, A, cuda::aligned_size_t<16>(sizeof(float) * 2048), pipe);
    // A plain count promises the float's 4 bytes: 4-byte copies, one line per warp.
    cuda::memcpy_async(block, tile, A, sizeof(float) * 2048, pipe);
    // Each warp copies 512-byte rows of 544 bytes: the rows that start 32 bytes into a line split
    // every global line over two shared lines (as cooperative_groups::memcpy_async does).
    for (int i = 0; i < 16; i++)
        cuda::memcpy_async(tile32, &skewed[w * 16 + i][0], B + (w * 16 + i) * 512, cuda::aligned_size_t<16>(512), pipe);  // expected-warning {{2-way bank conflict on cp.async into 'skewed' (8 wavefronts per warp, ideal 4)}} expected-note {{on average 7 wavefronts per warp-instruction (ideal 4) over 64 executions}} expected-note {{cp.async.cg (LDGSTS.BYPASS)}} expected-note {{no fix proposed}}
    // 2-byte elements: plain 2-byte stores, 64 bytes per warp.
    cuda::memcpy_async(block, halves, H, sizeof(halves), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    if (threadIdx.x == 0) init(&bar, blockDim.x);  // expected-remark {{call to 'init' with a pointer into 'bar' not analyzed}}
    block.sync();
    // A 16-byte promise with a block-scope barrier: one bulk copy, wherever its rows start.
    cuda::memcpy_async(tile32, &skewed[1][0], B, cuda::aligned_size_t<16>(512), bar);
    // A barrier with its own completion function is not an mbarrier libcu++ can count bytes on:
    // 16-byte cp.async again, as with a pipeline.
    cuda::memcpy_async(tile32, &skewed[1][0], B, cuda::aligned_size_t<16>(512), counted);  // expected-warning {{2-way bank conflict on cp.async into 'skewed' (8 wavefronts per warp, ideal 4)}} expected-note {{cp.async.cg (LDGSTS.BYPASS)}}
    // A 4-byte promise stays cp.async.ca.
    cuda::memcpy_async(block, tile, A, sizeof(tile), bar);
    bar.arrive_and_wait();
}

void launch(const float* A, const double* B, const unsigned short* H) { groupCopies<<<1, 128>>>(A, B, H); }
