// FP8 (e4m3 / e5m2) quantize and dequantize through a shared staging buffer.
#include <cuda_fp8.h>
#include <cuda_fp16.h>

__global__ void quantize_e4m3(const float* __restrict__ in, __nv_fp8_e4m3* __restrict__ out, float scale, int n) {
  __shared__ __nv_fp8_e4m3 staged[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = __nv_fp8_e4m3(i < n ? in[i] * scale : 0.0f);
  __syncthreads();
  if (i < n) out[i] = staged[threadIdx.x ^ 1];
}

__global__ void dequantize_e5m2x2(const __nv_fp8x2_e5m2* __restrict__ in, __half2* __restrict__ out, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) out[i] = static_cast<__half2>(in[i]);
  __nv_fp8_storage_t raw = __nv_cvt_float_to_fp8(1.5f, __NV_SATFINITE, __NV_E4M3);
  __half_raw h = __nv_cvt_fp8_to_halfraw(raw, __NV_E4M3);
  if (i == 0) out[0] = __halves2half2(__half(h), __half(h));
}
