// A template tile: the dimension is the template parameter, so the edit pads it in the
// template (`BK + 1`), which the search evaluated for the instantiation.
#include <cuda_runtime.h>

template <int BK>
__global__ void tiles(const float* in, float* out) {
    __shared__ float t[BK][BK];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * BK + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * BK + threadIdx.x] = t[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 't' in 'tiles<32>'}} expected-note {{pad 't' to t[BK][BK + 1]}}
}

void launch(const float* in, float* out) { tiles<32><<<1, dim3(32, 32)>>>(in, out); }
// CHECK-FIXES: __shared__ float t[BK][BK + 1];
