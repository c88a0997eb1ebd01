// The guide's TILE=32 tiled matmul (seeds/002, section 11.3): macros, a loop over tiles with an
// unknown trip count (N is a parameter) and an unrolled inner loop over k.
// IR-KERNEL: matmulTiled block=32x32x1 source=launch
// IR-ARRAY: As dims=32x32 elem=float size=4096
// IR-ARRAY: Bs dims=32x32 elem=float size=4096
#include <cuda_runtime.h>
#define TILE 32

__global__ void matmulTiled(const float* A, const float* B, float* C, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;

    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + threadIdx.x;
        int bRow = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;  // IR: store As w=4 at(3,1)=140 loops=1
        Bs[threadIdx.y][threadIdx.x] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;  // IR: store Bs w=4 at(3,1)=140 loops=1
        __syncthreads();

        #pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];  // IR: load As w=4 at(3,1,k=5)=148 loops=2 // IR: load Bs w=4 at(3,1,k=5)=652 loops=2
        __syncthreads();
    }
    if (row < N && col < N) C[row * N + col] = sum;
}

void run(const float* dA, const float* dB, float* dC, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
    matmulTiled<<<grid, block>>>(dA, dB, dC, N);
}
