// Probe: cuda::memcpy_async with a thread group, as bankcheck's prelude models it after libcu++
// (docs/prelude.md): rank r copies bytes r w, r w + size w, ... (threads past the end idle, unlike
// cooperative_groups' warp tiles), cp.async of the promised width, and one bulk copy by rank 0
// with a block-scope barrier of the default completion and a 16-byte promise. One form per kernel,
// so that Nsight Compute's per-kernel LDGSTS wavefronts (on the library's lines) compare with
// bankcheck's prediction for that kernel (../cgcopy/compare_cg_kernels.py).
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cstdio>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init

struct Done {
    __device__ void operator()() noexcept {}
};

// Each warp copies 512-byte rows into rows of 544 bytes, 16 rows per warp: three rows in four
// start 32 bytes into a 128-byte line.
__global__ void __launch_bounds__(128) pipeSkewedRows(const double* A, double* out) {
    __shared__ __align__(16) double skewed[64][68];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int w = threadIdx.x / 32;
    pipe.producer_acquire();
    for (int i = 0; i < 16; i++)
        cuda::memcpy_async(tile32, &skewed[w * 16 + i][0], A + (w * 16 + i) * 64, cuda::aligned_size_t<16>(512), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = skewed[threadIdx.x / 2][threadIdx.x % 64];
}

// The block copies 2048 bytes of floats with a plain count: the float's 4 bytes per copy.
__global__ void __launch_bounds__(256) pipeBlockFloats(const float* F, float* out) {
    __shared__ __align__(16) float flat[512];
    auto cta = cg::this_thread_block();
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(cta, flat, F, sizeof(float) * 512, pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    out[threadIdx.x] = flat[threadIdx.x * 2];
}

// A warp copies 40 chunks of 16 bytes: one round of 32, then lanes 0-7 alone.
__global__ void __launch_bounds__(32) pipeTileRemainder(const double* A, double* out) {
    __shared__ __align__(16) double row[80];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(tile32, row, A, cuda::aligned_size_t<16>(640), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncwarp();
    out[threadIdx.x] = row[threadIdx.x * 2];
}

// A block-scope barrier and a 16-byte promise: one bulk copy (no LDGSTS at all).
__global__ void __launch_bounds__(128) barrierBulk(const float* F, float* out) {
    __shared__ __align__(16) float flat[2048];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto cta = cg::this_thread_block();
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    cuda::memcpy_async(cta, flat, F, cuda::aligned_size_t<16>(sizeof(flat)), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = flat[threadIdx.x * 16];
}

// The same with a completion function: not an mbarrier libcu++ counts bytes on, so 16-byte
// cp.async, 4 per thread.
__global__ void __launch_bounds__(128) barrierCompletion(const float* F, float* out) {
    __shared__ __align__(16) float flat[2048];
    __shared__ cuda::barrier<cuda::thread_scope_block, Done> bar;
    auto cta = cg::this_thread_block();
    if (threadIdx.x == 0) init(&bar, blockDim.x, Done());
    __syncthreads();
    cuda::memcpy_async(cta, flat, F, cuda::aligned_size_t<16>(sizeof(flat)), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = flat[threadIdx.x * 16];
}

// A block-scope barrier with a 4-byte promise: 4-byte cp.async, 4 per thread.
__global__ void __launch_bounds__(128) barrierFours(const float* F, float* out) {
    __shared__ __align__(16) float flat[512];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto cta = cg::this_thread_block();
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    cuda::memcpy_async(cta, flat, F, sizeof(flat), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = flat[threadIdx.x * 4];
}

int main() {
    double *A, *out;
    float *F, *fout;
    cudaMalloc(&A, 1 << 20);
    cudaMalloc(&out, 1 << 16);
    cudaMalloc(&F, 1 << 16);
    cudaMalloc(&fout, 1 << 16);
    cudaMemset(A, 0, 1 << 20);
    cudaMemset(F, 0, 1 << 16);
    pipeSkewedRows<<<1, 128>>>(A, out);
    pipeBlockFloats<<<1, 256>>>(F, fout);
    pipeTileRemainder<<<1, 32>>>(A, out);
    barrierBulk<<<1, 128>>>(F, fout);
    barrierCompletion<<<1, 128>>>(F, fout);
    barrierFours<<<1, 128>>>(F, fout);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
