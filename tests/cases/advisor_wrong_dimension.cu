// Padding added to the wrong dimension changes nothing; the advisor says so and pads the row.
#include <cuda_runtime.h>

__global__ void wrongPad(const float* in, float* out) {
    __shared__ float tile[32 + 1][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[32 + 1][32 + 1]}} expected-note {{the padding '+ 1' in dimension 0 of 'tile' ([32 + 1]) changes no wavefront: padding the outermost dimension never moves an element to another bank}}
}

void launch(const float* in, float* out) { wrongPad<<<1, dim3(32, 32)>>>(in, out); }
