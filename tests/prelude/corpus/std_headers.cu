// A file that mixes CUDA with the C and C++ standard library: <cstdint>, <cmath>, <cstdio>,
// <algorithm>, <type_traits>, <limits>, <vector>, <numeric>, <cassert>, <cstring>. Device code
// calls the CUDA math functions and the std:: math overloads nvcc allows there; the host code
// uses the rest.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include <cuda_runtime.h>

template <typename T>
__device__ T clamp_to(T v, T lo, T hi) {
  static_assert(std::is_floating_point<T>::value, "float types only");
  return fminf(fmaxf(v, lo), hi);
}

__global__ void math_mix(const float* __restrict__ x, float* __restrict__ y, uint32_t n) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  double d = static_cast<double>(v);
  float r = sqrtf(fabsf(v)) + expf(-v * v) + logf(1.0f + fabsf(v)) + tanhf(v) + powf(v, 2.0f) +
            rsqrtf(1.0f + v * v) + exp2f(v) + floorf(v) + ceilf(v) + fmaf(v, v, 1.0f) + __expf(v) +
            __fdividef(v, 3.0f) + __sinf(v) + erff(v);
  r += static_cast<float>(sqrt(d) + exp(d) + fabs(d) + fmin(d, 1.0) + pow(d, 3.0));
  r += std::sqrt(v) + std::abs(v) + std::exp(v) + std::fmax(v, 0.0f);
  r += clamp_to(v, -1.0f, 1.0f);
  r += static_cast<float>(min(static_cast<int>(i), 31) + max(i, 4u) + abs(-3) + llabs(-4ll));
  if (isnan(r) || isinf(r) || std::isnan(r)) r = 0.0f;
  int64_t big = static_cast<int64_t>(i) << 33;
  uint8_t small = static_cast<uint8_t>(i & 0xff);
  r += static_cast<float>(big >> 33) + small + (INT32_MAX > 0 ? 1.0f : 0.0f);
  assert(i < n);
  y[i] = r;
}

int main(int argc, char** argv) {
  const uint32_t n = argc > 1 ? static_cast<uint32_t>(std::atoi(argv[1])) : 1024u;
  std::vector<float> host(n);
  std::iota(host.begin(), host.end(), 0.0f);
  std::transform(host.begin(), host.end(), host.begin(), [](float v) { return std::sin(v) * std::sqrt(v); });
  std::sort(host.begin(), host.end());
  const float lim = std::min(std::numeric_limits<float>::max(), std::max(host[0], 1.0f));
  float* dx = nullptr;
  float* dy = nullptr;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  math_mix<<<(n + 255) / 256, 256>>>(dx, dy, n);
  cudaMemcpy(host.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  char buf[64];
  std::memset(buf, 0, sizeof(buf));
  std::snprintf(buf, sizeof(buf), "%f", static_cast<double>(std::accumulate(host.begin(), host.end(), 0.0f)));
  std::printf("%s %f %f\n", buf, std::fabs(std::pow(2.0, 0.5)), static_cast<double>(lim));
  cudaFree(dx);
  cudaFree(dy);
  return 0;
}
