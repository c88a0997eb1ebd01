// A cp.async double-buffered tile loop with `smem[2][BM][BK + PAD]`: the stage index toggles
// each iteration (`stage ^= 1`), copies go through __pipeline_memcpy_async and inline-asm
// cp.async with __cvta_generic_to_shared.
// IR-KERNEL: doubleBuffered block=128x1x1 source=launch
// IR-ARRAY: smem dims=2x64x36 elem=float size=18432
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#define BM 64
#define BK 32
#define PAD 4

__global__ void doubleBuffered(const float* A, float* out, int K) {
    __shared__ __align__(16) float smem[2][BM][BK + PAD];
    const int tid = threadIdx.x;
    const int row = tid / 8, col = (tid % 8) * 4;    // 16 rows of 8 float4 per pass
    int stage = 0;
    for (int r = 0; r < BM; r += 16)
        __pipeline_memcpy_async(&smem[0][row + r][col], A + (row + r) * K + col, 16);  // IR: cp.async smem w=16 at(9,r=16)=2464 loops=1
    __pipeline_commit();
    float acc = 0.f;
    for (int k0 = BK; k0 < K; k0 += BK) {
        for (int r = 0; r < BM; r += 16) {
            unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&smem[stage ^ 1][row + r][col]));
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(A + (row + r) * K + k0 + col));  // IR: cp.async smem w=16 at(9,iter=0,r=0)=9376 at(9,iter=1,r=0)=160 loops=2
        }
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < BK; ++k) acc += smem[stage][tid % BM][k];  // IR: load smem w=4 at(65,iter=1,k=3)=9372 loops=2
        __syncthreads();
        stage ^= 1;
    }
    out[tid] = acc;
}

void launch(const float* A, float* out, int K) { doubleBuffered<<<1, 128>>>(A, out, K); }
