// bankcheck-stride-mismatch: an array declared with padded rows must be indexed with the padded
// stride. Reported: a flattened tile `As[BM * (BK + PAD)]` indexed `row * BK + k`, a 2-D tile
// `Bs[BK][BN + 1]` written through a pointer with `row * BN`. Not reported: indices that use the
// padded stride (also spelled `(BK + PAD) * row`), a division by the name (`i / BK * (BK + PAD)`),
// the name used other than as a multiplier (`k % BK`), and direct 2-D subscripts.
// ARGS: --checks=-*,bankcheck-stride-mismatch
#include <cuda_runtime.h>
#define BM 32
#define BK 32
#define BN 32
#define PAD 4

__global__ void tiles(const float* A, float* out) {
    __shared__ float As[BM * (BK + PAD)];
    __shared__ float Bs[BK][BN + 1];
    As[threadIdx.y * BK + threadIdx.x] = A[threadIdx.y * BK + threadIdx.x];  // expected-warning {{'As' has rows of BK + PAD elements, but the index 'threadIdx.y * BK + threadIdx.x' steps rows by BK: it reaches the wrong elements}} expected-note {{'As' is declared here; index it with BK + PAD as the row stride}}
    As[(BK + PAD) * threadIdx.y + threadIdx.x] = 0.f;
    As[threadIdx.y * (BK + PAD) + threadIdx.x % BK] = 1.f;
    const int i = threadIdx.y * 32 + threadIdx.x;
    As[i / BK * (BK + PAD) + i % BK] = 2.f;
    float* b = &Bs[0][0];
    b[threadIdx.y * BN + threadIdx.x] = 3.f;  // expected-warning {{'Bs' has rows of BN + 1 elements, but the index 'threadIdx.y * BN + threadIdx.x' steps rows by BN}} expected-note {{'Bs' is declared here; index it with BN + 1 as the row stride}}
    Bs[threadIdx.y][threadIdx.x] = 4.f;
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = As[threadIdx.x * (BK + PAD) + threadIdx.y] + Bs[threadIdx.x][threadIdx.y];
}

void launch(const float* A, float* out) { tiles<<<1, dim3(32, 32)>>>(A, out); }
