// Does Nsight Compute count the shared-memory wavefronts of a predicated LDGSTS? pipeTileRemainder
// (cuda_memcpy_async_probe.cu) had one `@P0 LDGSTS.E.BYPASS.128` with 24 lanes on that counted
// 0 wavefronts. Each kernel copies 16-byte chunks of consecutive global lines into consecutive
// shared chunks with cp.async.cg, one warp:
//   allLanes:     32 lanes, no condition                -> 4 wavefronts, ideal 4 if counted
//   upperLanes:   lanes 8-31 under `if (lane >= 8)`     -> 3 / 3 if a predicated copy is counted
//   upperSelect:  lanes 8-31, the source and size chosen so every lane issues (src-size 0 for 0-7)
// The SASS of each is dumped (sass-copies.txt) to see which became predicated.
#include <cstdio>
#include <cuda_runtime.h>

__device__ __forceinline__ void copy16(void* dst, const void* src, int bytes) {
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d), "l"(src), "r"(bytes));
}

__global__ void __launch_bounds__(32) allLanes(const float4* src, float4* out) {
    __shared__ __align__(16) float4 row[32];
    copy16(&row[threadIdx.x], &src[threadIdx.x], 16);
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = row[31 - threadIdx.x];
}

__global__ void __launch_bounds__(32) upperLanes(const float4* src, float4* out) {
    __shared__ __align__(16) float4 row[32];
    if (threadIdx.x >= 8) copy16(&row[threadIdx.x], &src[threadIdx.x], 16);
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = row[31 - threadIdx.x];
}

__global__ void __launch_bounds__(32) upperSelect(const float4* src, float4* out) {
    __shared__ __align__(16) float4 row[32];
    copy16(&row[threadIdx.x], &src[threadIdx.x], threadIdx.x >= 8 ? 16 : 0);
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = row[31 - threadIdx.x];
}

int main() {
    float4 *src, *out;
    cudaMalloc(&src, 64 * sizeof(float4));
    cudaMalloc(&out, 64 * sizeof(float4));
    cudaMemset(src, 0, 64 * sizeof(float4));
    allLanes<<<1, 32>>>(src, out);
    upperLanes<<<1, 32>>>(src, out);
    upperSelect<<<1, 32>>>(src, out);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}
