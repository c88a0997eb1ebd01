// Only a swizzle reaches the ideal: the tile is exactly 48 KB of static shared memory, so any
// padding would make nvcc reject the kernel. The column read becomes conflict-free by XOR-ing the
// column with the row; the row-major write stays conflict-free, and no memory is added.
#include <cuda_runtime.h>

__global__ void bigTile(const float* in, float* out) {  // expected-remark {{kernel 'bigTile' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block}} expected-note {{'tile': 49152 bytes}} expected-note {{each block also takes 1024 reserved bytes}}
    __shared__ float tile[96][128];
    for (int r = threadIdx.y; r < 96; r += 8)
        for (int c = threadIdx.x; c < 128; c += 32) tile[r][c] = in[r * 128 + c];
    __syncthreads();
    float acc = 0.f;
    for (int c = threadIdx.y; c < 128; c += 8) acc += tile[threadIdx.x][c];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{swizzle 'tile': index it as tile[r][c ^ (r & 31)] (CuTe Swizzle<5,0,7> on the element index) (2 indices rewritten); no extra shared memory; verified: all 2 accesses of 'tile' conflict-free after the change}} expected-note {{padding 'tile' would take a block's static shared memory past 49152 bytes, which nvcc rejects}}
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}

void launch(const float* in, float* out) { bigTile<<<1, dim3(32, 8)>>>(in, out); }
// --fix rewrites both indices of the tile (the write and the read):
// CHECK-FIXES: tile[r][c ^ (r & 31)] = in[r * 128 + c];
// CHECK-FIXES: acc += tile[threadIdx.x][c ^ (threadIdx.x & 31)];
