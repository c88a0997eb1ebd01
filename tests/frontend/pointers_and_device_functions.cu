// Pointer arithmetic into a shared tile, a device function that takes a shared pointer
// (analyzed in the caller's context), a reference parameter, and a local struct copy.
// IR-KERNEL: rowSums block=64x4x1 source=launch
// IR-ARRAY: tile dims=4x65 elem=float size=1040
#include <cuda_runtime.h>

__device__ float sumRow(const float* row, int n) {
    float s = 0.f;
    for (int i = 0; i < n; ++i) s += row[i];  // IR: load tile w=4 at(0,2,i=3)=532 loops=1 inlined
    return s;
}

__device__ void storeAt(float (&t)[4][65], int r, int c, float v) {
    t[r][c] = v;  // IR: store tile w=4 at(5,3)=800 inlined
}

__global__ void rowSums(const float* in, float* out) {
    __shared__ float tile[4][65];
    storeAt(tile, threadIdx.y, threadIdx.x, in[threadIdx.y * 64 + threadIdx.x]);
    float* p = &tile[threadIdx.y][0];
    p[threadIdx.x + 1] = 0.f;  // IR: store tile w=4 at(5,3)=804
    __syncthreads();
    if (threadIdx.x == 0) out[threadIdx.y] = sumRow(p, 64);
}

void launch(const float* in, float* out) { rowSums<<<1, dim3(64, 4)>>>(in, out); }
