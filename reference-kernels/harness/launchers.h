// Host launchers of the reference kernels. Every kernel file defines its launchers inside
// namespace REFK_VARIANT; the build compiles NAME.bad.cu with -DREFK_VARIANT=bad and
// NAME.fixed.cu with -DREFK_VARIANT=fixed, so both variants link into one harness.
// (The kernel files include only CUDA headers; a signature that differs from this list fails
// at link time, since the parameter types are part of the mangled name.)
#pragma once
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define REFK_DECLARE_LAUNCHERS                                                                  \
  cudaError_t launch_transpose_f32_32x8(float* out, const float* in, int width, int height,    \
                                        cudaStream_t stream);                                  \
  cudaError_t launch_transpose_f32_32x32(float* out, const float* in, int width, int height,   \
                                         cudaStream_t stream);                                 \
  cudaError_t launch_transpose_f16(__half* out, const __half* in, int width, int height,       \
                                   cudaStream_t stream);                                       \
  cudaError_t launch_transpose_i8(int8_t* out, const int8_t* in, int width, int height,        \
                                  cudaStream_t stream);                                        \
  cudaError_t launch_matmul_tiled(const float* A, const float* B, float* C, int N,             \
                                  cudaStream_t stream);                                        \
  cudaError_t launch_sgemm_regtile(int M, int N, int K, const float* A, const float* B,        \
                                   float* C, cudaStream_t stream);                             \
  cudaError_t launch_sgemm_cpasync(int M, int N, int K, const float* A, const float* B,        \
                                   float* C, cudaStream_t stream);                             \
  cudaError_t launch_hgemm_cpasync(int M, int N, int K, const __half* A, const __half* B,      \
                                   float* C, cudaStream_t stream);                             \
  cudaError_t launch_hgemm_mma(int M, int N, int K, const __half* A, const __half* B,          \
                               float* C, cudaStream_t stream);                                 \
  cudaError_t launch_stencil2d_5pt(float* out, const float* u, int nx, int ny, float c0,       \
                                   float c1, cudaStream_t stream);                             \
  cudaError_t launch_stencil3d_7pt(float* out, const float* u, int nx, int ny, int nz,         \
                                   float c0, float c1, cudaStream_t stream);

namespace bad {
REFK_DECLARE_LAUNCHERS
}
namespace fixed {
REFK_DECLARE_LAUNCHERS
}
