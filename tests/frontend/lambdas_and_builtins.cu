// Regressions: a lambda capturing kernel parameters by reference (inlined like a device
// function, captures read from the kernel's frame), and __func__ / assert in a kernel.
// IR-KERNEL: stencil block=64x1x1 source=launch
#include <cassert>
#include <cuda_runtime.h>

__device__ void trace(const char*) {}

__global__ void stencil(const float* in, float* out, int nx) {
    __shared__ float t[64 + 2];
    auto at = [&](int x) { return in[x + nx]; };
    auto slot = [&](int x) -> float& { return t[x + 1]; };
    t[threadIdx.x + 1] = at(threadIdx.x);  // IR: store t w=4 at(3)=16
    slot(threadIdx.x) += 1.f;  // IR: load t w=4 at(2)=12 // IR: store t w=4 at(2)=12
    trace(__func__);
    assert(nx > 0);
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x] + t[threadIdx.x + 2];  // IR: load t w=4 at(1)=4 // IR: load t w=4 at(1)=12
}

void launch(const float* in, float* out, int nx) { stencil<<<1, 64>>>(in, out, nx); }
