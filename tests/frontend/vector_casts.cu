// Register-tiled GEMM fragment: float4 loads through reinterpret_cast of a shared element, a
// float4 store, and the A tile stored transposed (scalar stores).
// IR-KERNEL: gemmFragment block=256x1x1 source=launch
// IR-ARRAY: As dims=8x128 elem=float size=4096
// IR-ARRAY: Bs dims=8x128 elem=float size=4096
#include <cuda_runtime.h>
#define BM 128
#define BN 128
#define BK 8

__global__ void gemmFragment(const float* A, const float* B, float* C, int K) {
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int aRow = tid / 2, aCol = (tid % 2) * 4;
    float4 a = reinterpret_cast<const float4*>(A + aRow * K + aCol)[0];
    As[aCol + 0][aRow] = a.x;  // IR: store As w=4 at(3)=2052 at(2)=4
    As[aCol + 1][aRow] = a.y;  // IR: store As w=4 at(3)=2564
    As[aCol + 2][aRow] = a.z;  // IR: store As w=4 at(3)=3076
    As[aCol + 3][aRow] = a.w;  // IR: store As w=4 at(3)=3588
    const int bRow = tid / 32, bCol = (tid % 32) * 4;
    reinterpret_cast<float4*>(&Bs[bRow][bCol])[0] = reinterpret_cast<const float4*>(B + bRow * 128 + bCol)[0];  // IR: store Bs w=16 at(33)=528
    __syncthreads();
    const int ty = tid / 16, tx = tid % 16;
    float acc = 0.f;
    #pragma unroll
    for (int k = 0; k < BK; ++k) {
        float4 av = *reinterpret_cast<const float4*>(&As[k][ty * 8]);  // IR: load As w=16 at(17,k=2)=1056 loops=1
        float4 bv = reinterpret_cast<const float4*>(&Bs[k][tx * 8])[1];  // IR: load Bs w=16 at(17,k=2)=1072 loops=1
        acc += av.x * bv.x + av.y * bv.y + av.z * bv.z + av.w * bv.w;
    }
    C[tid] = acc;
}

void launch(const float* A, const float* B, float* C, int K) { gemmFragment<<<dim3(32, 32), 256>>>(A, B, C, K); }
