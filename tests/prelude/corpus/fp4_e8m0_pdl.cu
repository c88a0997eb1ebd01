// ggml-style MXFP4 quantization with e8m0 scales and programmatic dependent launch.
#include <cuda_fp4.h>
#include <cuda_fp8.h>

__global__ void quantize_mxfp4(const float* __restrict__ x, unsigned short* __restrict__ q,
                               const unsigned char* __restrict__ scales, float* __restrict__ s) {
  cudaGridDependencySynchronize();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float d = __bfloat162float(__nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(scales[i / 8])));
  const __nv_fp4x4_e2m1 v(make_float4(x[4 * i] / d, x[4 * i + 1] / d, x[4 * i + 2] / d, x[4 * i + 3] / d));
  q[i] = v.__x;
  s[i] = d * (i < INT_MAX ? 1.0f : 0.0f);
  cudaTriggerProgrammaticLaunchCompletion();
}

int main() {
  quantize_mxfp4<<<4, 128>>>(nullptr, nullptr, nullptr, nullptr);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
