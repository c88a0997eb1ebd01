// Layout facts the analysis depends on: sizes and alignments of CUDA's vector types, half and
// bfloat16 types, libcu++ barrier/pipeline state and WMMA fragments. Compiled by nvcc against the
// real CUDA headers and by clang against bankcheck's prelude, so both must agree.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <mma.h>

#define CHECK_LAYOUT(SIZE, ALIGN, ...) \
  static_assert(sizeof(__VA_ARGS__) == SIZE && alignof(__VA_ARGS__) == ALIGN, #__VA_ARGS__)

CHECK_LAYOUT(1, 1, char1);
CHECK_LAYOUT(2, 2, char2);
CHECK_LAYOUT(3, 1, char3);
CHECK_LAYOUT(4, 4, char4);
CHECK_LAYOUT(3, 1, uchar3);
CHECK_LAYOUT(4, 4, short2);
CHECK_LAYOUT(6, 2, short3);
CHECK_LAYOUT(8, 8, short4);
CHECK_LAYOUT(8, 8, int2);
CHECK_LAYOUT(12, 4, int3);
CHECK_LAYOUT(16, 16, int4);
CHECK_LAYOUT(12, 4, uint3);
CHECK_LAYOUT(16, 16, long2);
CHECK_LAYOUT(24, 8, long3);
CHECK_LAYOUT(32, 16, long4_16a);
CHECK_LAYOUT(32, 32, long4_32a);
CHECK_LAYOUT(16, 16, longlong2);
CHECK_LAYOUT(24, 8, longlong3);
CHECK_LAYOUT(4, 4, float1);
CHECK_LAYOUT(8, 8, float2);
CHECK_LAYOUT(12, 4, float3);
CHECK_LAYOUT(16, 16, float4);
CHECK_LAYOUT(16, 16, double2);
CHECK_LAYOUT(24, 8, double3);
CHECK_LAYOUT(32, 16, double4_16a);
CHECK_LAYOUT(32, 32, double4_32a);
CHECK_LAYOUT(12, 4, dim3);
CHECK_LAYOUT(2, 2, __half);
CHECK_LAYOUT(4, 4, __half2);
CHECK_LAYOUT(2, 2, __nv_bfloat16);
CHECK_LAYOUT(4, 4, __nv_bfloat162);
CHECK_LAYOUT(2, 2, __half_raw);
CHECK_LAYOUT(1, 1, __nv_fp8_e4m3);
CHECK_LAYOUT(2, 2, __nv_fp8x2_e4m3);
CHECK_LAYOUT(4, 4, __nv_fp8x4_e5m2);
CHECK_LAYOUT(128, 128, CUtensorMap);
CHECK_LAYOUT(8, 8, cuda::barrier<cuda::thread_scope_block>);
CHECK_LAYOUT(40, 8, cuda::pipeline_shared_state<cuda::thread_scope_block, 2>);
CHECK_LAYOUT(56, 8, cuda::pipeline_shared_state<cuda::thread_scope_block, 3>);
CHECK_LAYOUT(32, 8, nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __half, nvcuda::wmma::row_major>);
CHECK_LAYOUT(32, 8, nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float>);
CHECK_LAYOUT(1008, 8, cudaDeviceProp);
static_assert(nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __half, nvcuda::wmma::row_major>::num_elements == 16, "wmma a");
static_assert(cudaErrorInvalidValue == 1 && cudaDevAttrMaxSharedMemoryPerBlockOptin == 97 && cudaFuncAttributeMaxDynamicSharedMemorySize == 8, "enums");
CHECK_LAYOUT(1, 1, uchar1);
CHECK_LAYOUT(2, 2, uchar2);
CHECK_LAYOUT(4, 4, uchar4);
CHECK_LAYOUT(8, 8, ushort4);
CHECK_LAYOUT(8, 8, uint2);
CHECK_LAYOUT(16, 16, uint4);
CHECK_LAYOUT(16, 16, ulonglong2);
CHECK_LAYOUT(8, 8, double1);
CHECK_LAYOUT(16, 16, ulong2);
CHECK_LAYOUT(4, 4, __half2_raw);
CHECK_LAYOUT(2, 2, __nv_bfloat16_raw);
static_assert(sizeof(cudaFuncAttributes) == 144, "cudaFuncAttributes");
static_assert(cudaSuccess == 0 && cudaErrorMemoryAllocation == 2 && cudaErrorInvalidConfiguration == 9, "errors");
static_assert(cudaMemcpyHostToDevice == 1 && cudaMemcpyDeviceToHost == 2 && cudaMemcpyDefault == 4, "memcpy kinds");
static_assert(cudaFuncAttributePreferredSharedMemoryCarveout == 9 && cudaSharedmemCarveoutMaxShared == 100, "attrs");
static_assert(cudaDevAttrMultiProcessorCount == 16 && cudaDevAttrMaxSharedMemoryPerMultiprocessor == 81, "dev attrs");
static_assert(CUDART_VERSION >= 12000 && __CUDACC_VER_MAJOR__ >= 12, "CUDA version macros");
static_assert(nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, __half, nvcuda::wmma::col_major>::num_elements == 16, "wmma b");
static_assert(nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float>::num_elements == 8, "wmma acc");
static_assert(nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, nvcuda::wmma::precision::tf32, nvcuda::wmma::row_major>::num_elements == 4, "wmma tf32");

__global__ void uses_the_types(float4* p, __half2* h) {
  __shared__ float4 s4[32];
  __shared__ __half2 sh[32];
  s4[threadIdx.x] = p[threadIdx.x];
  sh[threadIdx.x] = h[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s4[31 - threadIdx.x];
  h[threadIdx.x] = sh[31 - threadIdx.x];
}
