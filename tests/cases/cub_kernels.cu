// Kernels built on CUB's block collectives (layer norms, top-k, group norms in public code):
// `<cub/cub.cuh>` comes with the toolkit, so the kernel compiles and its own accesses are
// computed (was: "not analyzed: it uses a name from a header that was not found"). BlockReduce's
// default algorithm and BlockScan carry CUB's own accesses, computed at the call
// (tests/cases/cub_block_reduce.cu, cub_block_scan.cu); the other collectives are not walked: each one handed the shared TempStorage is a code region not
// walked, named at the user's call, and no fix is proven for the storage. A warp collective's
// TempStorage is empty: no access at all.
#include <cub/cub.cuh>

template <int TPB>
__global__ void normalizeRows(const float* in, float* out, int n) {
    typedef cub::BlockReduce<float, TPB> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float rows[TPB][32];
    __shared__ float mean;
    float v = in[blockIdx.x * n + threadIdx.x];
    rows[threadIdx.x][0] = v;  // expected-warning {{32-way bank conflict on store to 'rows'}}
    const float sum = BlockReduce(temp).Sum(v);  // clean: one lane per warp stores, thread 0 loads
    typedef cub::BlockRadixSort<float, TPB, 1> BlockSort;
    __shared__ typename BlockSort::TempStorage sort;
    float prefix[1] = {v};
    BlockSort(sort).Sort(prefix);  // expected-remark {{call to 'BlockRadixSort' with 'sort' by reference in 'normalizeRows<128>' not analyzed: the callee's body is not available}}
    if (threadIdx.x == 0) mean = sum / TPB;
    __syncthreads();
    out[blockIdx.x * n + threadIdx.x] = rows[threadIdx.x][0] - mean + prefix[0];  // expected-warning {{32-way bank conflict on load from 'rows'}}
}

__global__ void warpSums(const int* in, int* out) {
    __shared__ cub::WarpReduce<int>::TempStorage warps[4];
    __shared__ int partial[4];
    const int s = cub::WarpReduce<int>(warps[threadIdx.x / 32]).Sum(in[threadIdx.x]);
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0] + partial[1] + partial[2] + partial[3];
}

void run(const float* in, float* out, const int* a, int* b) {
    normalizeRows<128><<<16, 128>>>(in, out, 128);
    warpSums<<<16, 128>>>(a, b);
}
