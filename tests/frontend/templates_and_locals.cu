// Template parameters, instantiation naming, local variables (single assignment and
// straight-line reassignment), constexpr values and a macro.
// IR-KERNEL: transposeT<8> block=32x8x1 source=launch
// IR-KERNEL: transposeT<32> block=32x32x1 source=launch
// IR-ARRAY: tile dims=32x33 elem=float size=4224
#include <cuda_runtime.h>
#define PAD 1
constexpr int TILE_DIM = 32;

template <int BLOCK_ROWS>
__global__ void transposeT(const float* in, float* out, int n) {
    __shared__ float tile[TILE_DIM][TILE_DIM + PAD];
    const int tx = threadIdx.x;
    int ty = threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[ty + j][tx] = in[(blockIdx.y * TILE_DIM + ty + j) * n + blockIdx.x * TILE_DIM + tx];  // IR: store tile w=4 at(2,1,j=0)=140 loops=1
    __syncthreads();
    ty = threadIdx.x;      // straight-line reassignment
    int col = threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(blockIdx.x * TILE_DIM + col + j) * n + blockIdx.y * TILE_DIM + ty] = tile[ty][col + j];  // IR: load tile w=4 at(2,1,j=0)=268 loops=1
}

void launch(const float* in, float* out, int n) {
    dim3 grid(n / TILE_DIM, n / TILE_DIM);
    transposeT<8><<<grid, dim3(TILE_DIM, 8)>>>(in, out, n);
    transposeT<32><<<grid, dim3(TILE_DIM, 32)>>>(in, out, n);
}
