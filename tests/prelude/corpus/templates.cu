// Templates: tile sizes as template parameters, a kernel instantiated twice, a device function
// template taking a shared pointer, constexpr helpers and a traits-dispatched vector width.
#include <cuda_runtime.h>
#include <type_traits>

template <typename T> struct VecOf;
template <> struct VecOf<float> { using type = float4; static constexpr int width = 4; };
template <> struct VecOf<int> { using type = int2; static constexpr int width = 2; };

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

template <typename T, int N>
__device__ T sum_row(const T* row) {
  T s = T(0);
#pragma unroll
  for (int i = 0; i < N; ++i) s += row[i];
  return s;
}

template <typename T, int ROWS, int COLS, int PAD = 1>
__global__ void tiled_rows(const T* __restrict__ in, T* __restrict__ out) {
  static_assert(std::is_arithmetic<T>::value, "arithmetic element type");
  __shared__ T tile[ROWS][COLS + PAD];
  const int r = threadIdx.y, c = threadIdx.x;
  tile[r][c] = in[(blockIdx.x * ROWS + r) * COLS + c];
  __syncthreads();
  if (c == 0) out[blockIdx.x * ROWS + r] = sum_row<T, COLS>(&tile[r][0]);
}

template <typename T>
__global__ void vector_copy(const T* __restrict__ in, T* __restrict__ out, int n) {
  using V = typename VecOf<T>::type;
  constexpr int W = VecOf<T>::width;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / W) reinterpret_cast<V*>(out)[i] = reinterpret_cast<const V*>(in)[i];
}

template <int BLOCK>
struct Launcher {
  template <typename T>
  static void run(const T* in, T* out, int n) {
    vector_copy<T><<<ceil_div(n, BLOCK * VecOf<T>::width), BLOCK>>>(in, out, n);
  }
};

void instantiate(const float* fin, float* fout, const int* iin, int* iout, int n) {
  tiled_rows<float, 8, 32><<<n / 256, dim3(32, 8)>>>(fin, fout);
  tiled_rows<int, 4, 64, 0><<<n / 256, dim3(64, 4)>>>(iin, iout);
  Launcher<128>::run(fin, fout, n);
  Launcher<256>::run(iin, iout, n);
}
