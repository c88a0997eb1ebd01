// A flattened tile `As[BM * BK]` stored transposed, as register-tiled SGEMMs do: every index uses
// BM as the row stride, not BK. The fix pads the stride the accesses use, in both instantiations
// (BM is 128 in one and 64 in the other), and keeps the float4 alignment of the unrolled reads
// that nvcc merges into 128-bit loads.
#include <cuda_runtime.h>

template <int BM, int BK, int TM>
__global__ void transposedTile(const float* A, float* out) {
    __shared__ float As[BM * BK];
    const int innerColA = threadIdx.x % 2, innerRowA = threadIdx.x / 2;
    const int threadRow = threadIdx.x / 16;
    As[(innerColA * 4 + 0) * BM + innerRowA] = A[0];  // expected-warning {{2-way bank conflict on store to 'As' in 'transposedTile<128, 8, 8>'}} expected-note {{pad 'As' to As[(BM + 4) * BK]: +128 bytes of shared memory per block; transposedTile<128, 8, 8> blocks per SM on sm_90: 8 -> 8; transposedTile<64, 8, 8> blocks per SM on sm_90: 32 -> 32; verified: all 6 accesses of 'As' conflict-free after the change}} expected-note {{the row stride BM changes in the declaration and in every index of 'As' (3 indices)}} expected-warning {{2-way bank conflict on store to 'As' in 'transposedTile<64, 8, 8>'}}
    As[(innerColA * 4 + 1) * BM + innerRowA] = A[1];  // expected-warning {{2-way bank conflict on store to 'As' in 'transposedTile<128, 8, 8>'}} expected-warning {{2-way bank conflict on store to 'As' in 'transposedTile<64, 8, 8>'}}
    __syncthreads();
    float regM[TM];
    float acc = 0;
    for (unsigned d = 0; d < BK; ++d) {
        for (unsigned i = 0; i < TM; ++i) regM[i] = As[d * BM + threadRow * TM + i];
        for (unsigned i = 0; i < TM; ++i) acc += regM[i];
    }
    out[threadIdx.x] = acc;
}

void launch(const float* A, float* o) {
    transposedTile<128, 8, 8><<<1, 256>>>(A, o);
    transposedTile<64, 8, 8><<<1, 64>>>(A, o);
}
// CHECK-FIXES: __shared__ float As[(BM + 4) * BK];
// CHECK-FIXES: As[(innerColA * 4 + 0) * (BM + 4) + innerRowA] = A[0];
// CHECK-FIXES: As[(innerColA * 4 + 1) * (BM + 4) + innerRowA] = A[1];
// CHECK-FIXES: regM[i] = As[d * (BM + 4) + threadRow * TM + i];
