// A static constexpr member read through an object (`t.rows`, as ggml's tile<I, J> does with
// `t.I`): the same constant whatever the object, so the address is computed. A non-static member
// of a local object is a value the walker does not follow.
#include <cuda_runtime.h>

template <int I, int J>
struct Tile {
    static constexpr int rows = I;
    static constexpr int cols = J;
    int x[I * J / 32];
};

__device__ float readColumn(const Tile<8, 32>& t, const float* s) {
    return s[(threadIdx.x % t.rows) * t.cols];  // expected-warning {{8-way bank conflict on load from 'buf' (8 wavefronts per warp, ideal 1)}}
}

struct Runtime {
    int stride;
};

__global__ void members(float* out, int n) {
    __shared__ float buf[1024];
    buf[threadIdx.x] = 1.f;
    __syncthreads();
    Tile<8, 32> t;
    Runtime r{n};
    float v = readColumn(t, buf);
    v += buf[threadIdx.x * r.stride % 1024];  // expected-remark {{not computed}}
    out[threadIdx.x] = v;
}

void run(float* out, int n) { members<<<1, 32>>>(out, n); }
