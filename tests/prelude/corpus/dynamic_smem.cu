// Dynamic shared memory: one extern __shared__ buffer carved into typed arrays, opted in above
// 48 KB with cudaFuncSetAttribute, with the carveout preference and an occupancy query.
#include <cuda_runtime.h>
#include <cstdio>

constexpr int BM = 128, BN = 128, BK = 32, PAD = 4;

__global__ void carved(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int K) {
  extern __shared__ __align__(16) unsigned char smem[];
  float* As = reinterpret_cast<float*>(smem);                       // [BM][BK + PAD]
  float* Bs = As + BM * (BK + PAD);                                  // [BK][BN + PAD]
  int* flags = reinterpret_cast<int*>(Bs + BK * (BN + PAD));         // [32]
  const int tid = threadIdx.x;
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) As[(i / BK) * (BK + PAD) + i % BK] = A[(blockIdx.y * BM + i / BK) * K + k0 + i % BK];
    for (int i = tid; i < BK * BN; i += blockDim.x) Bs[(i / BN) * (BN + PAD) + i % BN] = B[(k0 + i / BN) * BN + i % BN];
    if (tid < 32) flags[tid] = k0;
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < BK; ++k) acc += As[(tid / 2) * (BK + PAD) + k] * Bs[k * (BN + PAD) + (tid % 2) * 64];
    C[blockIdx.y * BM * BN + tid] += acc + flags[tid % 32];
    __syncthreads();
  }
}

extern __shared__ float dyn_floats[];

__global__ void simple_dynamic(float* out, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) dyn_floats[i] = static_cast<float>(i);
  __syncthreads();
  out[threadIdx.x] = dyn_floats[(threadIdx.x * 33) % n];
}

int main() {
  const size_t smem_bytes = sizeof(float) * (BM * (BK + PAD) + BK * (BN + PAD)) + 32 * sizeof(int);
  cudaFuncSetAttribute(carved, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_bytes));
  cudaFuncSetAttribute(carved, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared);
  int blocks_per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, carved, 256, smem_bytes);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, carved);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  printf("%d blocks/SM, %zu B static, opt-in %zu (%d), %d SMs\n", blocks_per_sm, attr.sharedSizeBytes,
         prop.sharedMemPerBlockOptin, optin, prop.multiProcessorCount);
  float *A, *B, *C;
  cudaMalloc(&A, 1 << 20);
  cudaMalloc(&B, 1 << 20);
  cudaMalloc(&C, 1 << 20);
  carved<<<dim3(1, 8), 256, smem_bytes>>>(A, B, C, 256);
  simple_dynamic<<<1, 128, 1000 * sizeof(float)>>>(C, 1000);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
