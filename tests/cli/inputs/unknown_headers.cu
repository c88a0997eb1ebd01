// Real files include headers the prelude cannot know. Host code that uses them fails to
// compile; the kernels must still be analyzed.
#include <mkl.h>
#include "project/utilities.h"
#include <cuda_runtime.h>

__global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void gemm(cublasHandle_t handle, const float* a, float* b) {
    float alpha = 1.f;
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 32, 32, 32, &alpha, a, 32, a, 32, &alpha, b, 32);
    project::check(cudaGetLastError());
    transpose<<<1, dim3(32, 32)>>>(a, b);
}
