// bankcheck-shape-dependent: a kernel no launch fixes the shape of is checked over its assumed
// family of block shapes; a conflict that only some members have is this remark (policy "all"),
// naming the shapes where it occurs and those where it does not. Reported: a column-major store
// indexed with blockDim.y. Not reported: the row read, conflict-free for every member.
// ARGS: --checks=-*,bankcheck-shape-dependent
#include <cuda_runtime.h>

__global__ void columnMajor(float* out) {
    __shared__ float s[1024];
    // expected-remark@+1 {{bank conflict on store to 's' depends on the block shape: with 16x4x1 (2-way), 16x8x1 (4-way), 16x16x1 (8-way), 16x32x1 (16-way), 16x64x1 (16-way), 32x2x1 (2-way), 32x4x1 (4-way), 32x8x1 (8-way), 32x16x1 (16-way), 32x32x1 (32-way); not with 16x2x1, 32x1x1}}
    s[threadIdx.x * blockDim.y + threadIdx.y] = 1.f;  // expected-note {{block 32x32x1, the worst of the assumed family of shapes}} expected-note {{assumed family: 2-D blocks 16x2, 16x4, 16x8, 16x16, 16x32, 16x64, 32x1, 32x2, 32x4, 32x8, 32x16, 32x32: blockDim.x of 16 or 32}} expected-note {{give the real shape with --block columnMajor=32x32}} expected-note {{worst case: warp 0: lanes 0-31 touch 32 different words of bank 0}}
    __syncthreads();
    out[threadIdx.y] = s[threadIdx.y * blockDim.x + threadIdx.x];
}
