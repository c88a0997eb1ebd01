// The C++ that real kernels use, on the device side: range-based for over a list, constexpr
// helpers and tables, integral_constant passed to a generic lambda, values carried across
// iterations by shifts and modular increments.
// IR-KERNEL: constructs block=32x4x1 source=launch
#include <cuda_runtime.h>
#include <initializer_list>
#include <utility>

struct Config { int rows, pad; };
constexpr Config configFor(int n) { return n > 64 ? Config{64, 4} : Config{32, 1}; }
constexpr int rowsFor(int n) { return configFor(n).rows; }

template <int n>
struct Unroll {
    template <typename F>
    __device__ void operator()(const F& f) const { f(std::integral_constant<int, n - 1>{}); Unroll<n - 1>{}(f); }
};
template <>
struct Unroll<1> {
    template <typename F>
    __device__ void operator()(const F& f) const { f(std::integral_constant<int, 0>{}); }
};

__global__ void constructs(float* o) {
    __shared__ float s[4096];
    constexpr int rows = rowsFor(128);  // 64, through a constexpr table: not followed, evaluated
#pragma unroll
    for (int stride : {32, 16, 8}) {
        s[(threadIdx.x % stride) * rows] = 1.f;  // IR: store s w=4 at(5,0,stride=16)=1280 at(5,0,stride=8)=1280 at(9,0,stride=8)=256
    }
    auto step = [&] __device__ (auto n) {
        constexpr int shift = 3;
        s[(threadIdx.x >> n) * shift] = 2.f;  // IR: store s w=4 at(8,0)=24 // IR: store s w=4 at(8,0)=48 // IR: store s w=4 at(8,0)=96
    };
    Unroll<3>{}(step);
    unsigned int offset = 1;
    for (int d = 64; d > 0; d >>= 1) {
        s[offset * (2 * threadIdx.x + 1) - 1] += 1.f;  // IR: load s w=4 at(1,0,d=16)=44 // IR: store s w=4 at(1,0,d=16)=44
        offset <<= 1;
    }
    int stage = 0;
    for (int k = 0; k < 4; ++k) {
        s[stage * 512 + threadIdx.x] = 0.f;  // IR: store s w=4 at(0,0,k=0)=0 at(0,0,k=1)=2048 at(0,0,k=2)=0
        stage = (stage + 1) % 2;
    }
    o[0] = s[0];  // IR: load s w=4 at(0,0)=0
}

void host(float* o) { constructs<<<1, dim3(32, 4)>>>(o); }

// Reading `a < b ? a : b` where both sides are lvalues (an integer min written by hand).
__device__ unsigned smaller(const unsigned& a, const unsigned& b) { return a < b ? a : b; }
__global__ void conditionalLvalue(float* o, unsigned n) {
    __shared__ float s[1024];
    const unsigned i = threadIdx.x * 2;
    const unsigned cap = 62;
    s[smaller(i, cap)] = 1.f;  // IR: store s w=4 at(3,0)=24 at(31,0)=248
    o[0] = s[0];  // IR: load s w=4 at(0,0)=0
}
void hostConditional(float* o) { conditionalLvalue<<<1, 32>>>(o, 4); }
