// bankcheck-padding-wrong-dimension: a padding written on a dimension other than the row, where it
// moves no element to another bank, while the array still conflicts. Not reported: the same
// padding on an array without conflicts (that is bankcheck-ineffective-padding's), a halo that
// the accesses read, and a padding on the row that removes the conflict.
// ARGS: --checks=-*,bankcheck-padding-wrong-dimension
#include <cuda_runtime.h>

__global__ void outerPadded(const float* in, float* out) {
    // expected-warning@+1 {{'tile' is padded in dimension 0 ([32 + 1]), where the padding moves no element to another bank, while its 32-way load at line 13 conflicts}} expected-note@+1 {{padding the outermost dimension only adds rows at the end}} expected-note@+1 {{the padding costs 128 bytes per block and no access reaches the padded elements}}
    __shared__ float tile[32 + 1][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// A three-dimensional stage buffer padded in its middle dimension: the conflict is on the row.
__global__ void middlePadded(const float* in, float* out) {
    // expected-warning@+1 {{'stage' is padded in dimension 1 ([32 + 2]), where the padding moves no element to another bank, while its 32-way load at line 22 conflicts}} expected-note@+1 {{at this size, on this dimension, the padding shifts no row to other banks}} expected-note@+1 {{the padding costs 512 bytes per block}}
    __shared__ float stage[2][32 + 2][32];
    stage[0][threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = stage[0][threadIdx.x][threadIdx.y];
}

// No conflict left: not this check's.
__global__ void outerPaddedRowsOnly(const float* in, float* out) {
    __shared__ float rows[32 + 1][32];
    rows[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = rows[threadIdx.y][threadIdx.x];
}

// A halo read by the stencil, not padding.
__global__ void halo(const float* in, float* out) {
    __shared__ float s[16 + 2][16];
    s[threadIdx.y + 1][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
    if (threadIdx.y == 0) s[0][threadIdx.x] = 0.f;
    if (threadIdx.y == 15) s[17][threadIdx.x] = 0.f;
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y] + s[threadIdx.x + 2][threadIdx.y];
}

// The padding on the row removes the conflict.
__global__ void rowPadded(const float* in, float* out) {
    __shared__ float good[32][32 + 1];
    good[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = good[threadIdx.x][threadIdx.y];
}

void launch(const float* in, float* out) {
    outerPadded<<<1, dim3(32, 32)>>>(in, out);
    middlePadded<<<1, dim3(32, 32)>>>(in, out);
    outerPaddedRowsOnly<<<1, dim3(32, 32)>>>(in, out);
    halo<<<1, dim3(16, 16)>>>(in, out);
    rowPadded<<<1, dim3(32, 32)>>>(in, out);
}
