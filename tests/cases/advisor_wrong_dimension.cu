// Padding added to the wrong dimension changes nothing: bankcheck-padding-wrong-dimension says so
// at the declaration, and the advisor pads the row.
#include <cuda_runtime.h>

__global__ void wrongPad(const float* in, float* out) {
    __shared__ float tile[32 + 1][32];  // expected-warning {{'tile' is padded in dimension 0 ([32 + 1]), where the padding moves no element to another bank, while its 32-way load at line 9 conflicts}} expected-note {{padding the outermost dimension only adds rows at the end}} expected-note {{the padding costs 128 bytes per block and no access reaches the padded elements}}
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[32 + 1][32 + 1]}}
}

void launch(const float* in, float* out) { wrongPad<<<1, dim3(32, 32)>>>(in, out); }
