// Probe for two width questions left by the 2026-12-03 sessions (issue 10, "widths as the hardware
// executes them"), measured with call-and-component-h200.sh:
//  1. Do accesses written in separate calls of a small copy helper (ggml's `ggml_cuda_memcpy_1`
//     pattern: two 8-byte stores per lane, one call each, 8 bytes apart) merge into one wider
//     instruction once inlined, as neighbouring accesses of one function do?
//  2. A vector loaded from shared memory of which only some components are used: which width does
//     ptxas load (the 2026-12-03 run measured a float4 with only `.x` used as a 32-bit load)?
// Each pattern is in its own kernel, with the shared access on its own line.
#include <cstdint>
#include <cuda_runtime.h>

template <int NB> __device__ __forceinline__ void copyBytes(void* dst, const void* src) {
  if constexpr (NB == 4) {
    *(int*)dst = *(const int*)src;
  } else if constexpr (NB == 8) {
    *(int2*)dst = *(const int2*)src;
  } else {
    *(int4*)dst = *(const int4*)src;
  }
}

// 1a. Two 8-byte stores per lane, in two calls, 8 bytes apart (lane stride 16 bytes).
__global__ void storesInTwoCalls8(const float2* in, float* out) {
  __shared__ float2 buf[32 * 2 * 4];
  float2 v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
  float2* dst = buf + threadIdx.y * 64;
  copyBytes<8>(dst + 2 * threadIdx.x, &v[0]);
  copyBytes<8>(dst + 2 * threadIdx.x + 1, &v[1]);
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = buf[threadIdx.x].x;
}

// 1b. Two 16-byte stores per lane, in two calls, 16 bytes apart (lane stride 32 bytes).
__global__ void storesInTwoCalls16(const float4* in, float* out) {
  __shared__ float4 buf[32 * 2];
  float4 v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
  copyBytes<16>(buf + 2 * threadIdx.x, &v[0]);
  copyBytes<16>(buf + 2 * threadIdx.x + 1, &v[1]);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x].x;
}

// 1c. Two 4-byte stores per lane, in two calls, 4 bytes apart (lane stride 8 bytes).
__global__ void storesInTwoCalls4(const float* in, float* out) {
  __shared__ float buf[32 * 2];
  float v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
  copyBytes<4>(buf + 2 * threadIdx.x, &v[0]);
  copyBytes<4>(buf + 2 * threadIdx.x + 1, &v[1]);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

// 1d. Two 8-byte loads per lane, in two calls, 8 bytes apart.
__global__ void loadsInTwoCalls8(const float2* in, float2* out) {
  __shared__ float2 buf[32 * 2];
  buf[threadIdx.x] = in[threadIdx.x];
  buf[threadIdx.x + 32] = in[threadIdx.x + 32];
  __syncthreads();
  float2 v[2];
  copyBytes<8>(&v[0], buf + 2 * threadIdx.x);
  copyBytes<8>(&v[1], buf + 2 * threadIdx.x + 1);
  out[threadIdx.x] = make_float2(v[0].x + v[1].x, v[0].y + v[1].y);
}

// 1e. Two 8-byte stores in two calls whose runs are not aligned to 16 bytes (lane stride 24).
__global__ void storesInTwoCallsOffset(const float2* in, float* out) {
  __shared__ float2 buf[32 * 3 + 1];
  float2 v[2] = {in[threadIdx.x], in[threadIdx.x + 32]};
  copyBytes<8>(buf + 3 * threadIdx.x + 1, &v[0]);
  copyBytes<8>(buf + 3 * threadIdx.x + 2, &v[1]);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x].x;
}

// 2. Components used of a vector loaded from shared memory, lane stride 64 bytes. The SASS width
// is the question; the wavefronts are 16 at every width here, the ideal (and so the ways) is not.
template <int USE> __device__ __forceinline__ float useComponents(float4 v) {
  if constexpr (USE == 1) return v.x;
  else if constexpr (USE == 2) return v.y;
  else if constexpr (USE == 3) return v.x + v.y;
  else if constexpr (USE == 4) return v.z + v.w;
  else if constexpr (USE == 5) return v.y + v.z;
  else if constexpr (USE == 6) return v.x + v.z;
  else if constexpr (USE == 7) return v.x + v.w;
  else if constexpr (USE == 8) return v.x + v.y + v.z;
  else if constexpr (USE == 9) return v.y + v.z + v.w;
  else if constexpr (USE == 11) return v.x + v.y + v.w;
  else if constexpr (USE == 12) return v.x + v.z + v.w;
  else return v.x + v.y + v.z + v.w;
}

template <int USE> __global__ void float4Components(const float4* in, float* out) {
  __shared__ float4 buf[32 * 4];
  for (int i = threadIdx.x; i < 32 * 4; i += 32) buf[i] = in[i];
  __syncthreads();
  float4 v = buf[threadIdx.x * 4];
  out[threadIdx.x] = useComponents<USE>(v);
}

// Same with a lane stride of 32 bytes.
template <int USE> __global__ void float4ComponentsStride2(const float4* in, float* out) {
  __shared__ float4 buf[32 * 2];
  for (int i = threadIdx.x; i < 32 * 2; i += 32) buf[i] = in[i];
  __syncthreads();
  float4 v = buf[threadIdx.x * 2];
  out[threadIdx.x] = useComponents<USE>(v);
}

// A float2 of which one component is used, and a component read straight from the element.
__global__ void float2OneComponent(const float2* in, float* out) {
  __shared__ float2 buf[32 * 2];
  for (int i = threadIdx.x; i < 32 * 2; i += 32) buf[i] = in[i];
  __syncthreads();
  float2 v = buf[threadIdx.x * 2];
  out[threadIdx.x] = v.y;
}

__global__ void float4MemberDirect(const float4* in, float* out) {
  __shared__ float4 buf[32 * 2];
  for (int i = threadIdx.x; i < 32 * 2; i += 32) buf[i] = in[i];
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x * 2].z + buf[threadIdx.x * 2].w;
}

// An int4 of which two components are used.
__global__ void int4TwoComponents(const int4* in, int* out) {
  __shared__ int4 buf[32 * 2];
  for (int i = threadIdx.x; i < 32 * 2; i += 32) buf[i] = in[i];
  __syncthreads();
  int4 v = buf[threadIdx.x * 2];
  out[threadIdx.x] = v.x ^ v.y;
}

void launchAll(void* a, void* b) {
  storesInTwoCalls8<<<1, dim3(32, 4)>>>((const float2*)a, (float*)b);
  storesInTwoCalls16<<<1, 32>>>((const float4*)a, (float*)b);
  storesInTwoCalls4<<<1, 32>>>((const float*)a, (float*)b);
  loadsInTwoCalls8<<<1, 32>>>((const float2*)a, (float2*)b);
  storesInTwoCallsOffset<<<1, 32>>>((const float2*)a, (float*)b);
  float4Components<1><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<2><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<3><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<4><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<5><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<6><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<7><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<8><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<9><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<10><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<11><<<1, 32>>>((const float4*)a, (float*)b);
  float4Components<12><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<1><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<3><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<4><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<5><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<6><<<1, 32>>>((const float4*)a, (float*)b);
  float4ComponentsStride2<8><<<1, 32>>>((const float4*)a, (float*)b);
  float2OneComponent<<<1, 32>>>((const float2*)a, (float*)b);
  float4MemberDirect<<<1, 32>>>((const float4*)a, (float*)b);
  int4TwoComponents<<<1, 32>>>((const int4*)a, (int*)b);
}

#ifdef PROBE_MAIN
int main() {
  void *a = nullptr, *b = nullptr;
  cudaMalloc(&a, 1 << 20); cudaMalloc(&b, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  launchAll(a, b);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
#endif
