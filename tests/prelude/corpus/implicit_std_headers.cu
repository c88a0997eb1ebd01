// What nvcc's implicit cuda_runtime.h brings from the C++ library: a kernel that uses type traits,
// std::move and numeric_limits without including <type_traits>, <utility> or <limits> (TensorRT's
// disentangled attention writes `if (std::is_same_v<T, half>)` with only <cstdint> included).
#include <cstdint>

template <typename T>
__global__ void scaleRows(T* out, const T* in) {
    __shared__ T tile[256];
    constexpr bool isFloat = std::is_same_v<T, float>;
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    T v = std::move(tile[255 - threadIdx.x]);
    out[threadIdx.x] = isFloat ? v * T(2) : v;
}

int limit() { return std::numeric_limits<int>::max() > 0 ? 1 : 0; }

void run(float* out, const float* in, int32_t* a, const int32_t* b) {
    scaleRows<<<1, 256>>>(out, in);
    scaleRows<<<1, 256>>>(a, b);
}
