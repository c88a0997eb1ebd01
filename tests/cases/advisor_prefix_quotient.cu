// Register-tiled reads padded in the i + i / S * P spelling: where the index is P + i with i an
// unrolled iteration that stays within a row (P a multiple of 8 floats, i < 8, rows of 256), the
// rows are counted on P alone, `P + i + P / 256 * 4`. It is the same layout, and the eight reads
// of a thread stay one register plus immediates apart, which nvcc merges into LDS.128; from
// `(P + i) / 256` NVVM does not always see that the row is the same (SGEMM_CUDA's kernel 12 ran
// eight LDS at 2 ways, docs/findings.md). Where i can cross into the next row (P a multiple of
// 4 only, i < 8), the whole index is divided, as before.
#include <cuda_runtime.h>

// Read through a pointer parameter, as the SGEMM tutorial's processFromSmem does.
template <int BM, int TM>
__device__ void readTile(const float* As, float* regM, unsigned row) {
  for (unsigned d = 0; d < 16; ++d)
    for (unsigned i = 0; i < TM; ++i) regM[i] += As[d * BM + row * TM + i];
}

template <int BM, int BK, int TM>
__global__ void throughPointer(const float* A, float* out) {
  __shared__ float As[BM * BK];
  const unsigned innerColA = threadIdx.x % (BK / 4), innerRowA = threadIdx.x / (BK / 4);
  for (unsigned offset = 0; offset < BM; offset += 32) {
    As[(innerColA * 4 + 0) * BM + innerRowA + offset] = A[threadIdx.x];  // expected-warning {{4-way bank conflict on store to 'As' in 'throughPointer<128, 16, 8>'}} expected-note {{pad 'As' to As[BM * BK + (BM * BK) / 256 * 4]: +128 bytes of shared memory per block; throughPointer<128, 16, 8> blocks per SM on sm_90: 16 -> 16; verified: all 3 accesses of 'As' conflict-free after the change}} expected-note {{every index i becomes i + i / 256 * 4 (3 indices); the rows of 1 of them (P + k, k a constant or a loop's iteration that stays within a row) are counted on P alone}}
    As[(innerColA * 4 + 1) * BM + innerRowA + offset] = A[threadIdx.x + 128];  // expected-warning {{4-way bank conflict on store to 'As' in 'throughPointer<128, 16, 8>'}}
  }
  __syncthreads();
  float regM[TM] = {};
  readTile<BM, TM>(As, regM, (threadIdx.x % 32) / 4);
  for (unsigned i = 0; i < TM; ++i) out[threadIdx.x * TM + i] = regM[i];
}

// The same tile read by name.
template <int BM, int BK, int TM>
__global__ void byName(const float* A, float* out) {
  __shared__ float Bs[BM * BK];
  const unsigned innerColA = threadIdx.x % (BK / 4), innerRowA = threadIdx.x / (BK / 4);
  for (unsigned offset = 0; offset < BM; offset += 32) {
    Bs[(innerColA * 4 + 0) * BM + innerRowA + offset] = A[threadIdx.x];  // expected-warning {{4-way bank conflict on store to 'Bs' in 'byName<128, 16, 8>'}} expected-note {{pad 'Bs' to Bs[BM * BK + (BM * BK) / 256 * 4]: +128 bytes of shared memory per block; byName<128, 16, 8> blocks per SM on sm_90: 16 -> 16; verified: all 3 accesses of 'Bs' conflict-free after the change}} expected-note {{every index i becomes i + i / 256 * 4 (3 indices); the rows of 1 of them}}
    Bs[(innerColA * 4 + 1) * BM + innerRowA + offset] = A[threadIdx.x + 128];  // expected-warning {{4-way bank conflict on store to 'Bs' in 'byName<128, 16, 8>'}}
  }
  __syncthreads();
  float regM[TM] = {};
  const unsigned row = (threadIdx.x % 32) / 4;
  for (unsigned d = 0; d < 16; ++d)
    for (unsigned i = 0; i < TM; ++i) regM[i] += Bs[d * BM + row * TM + i];
  for (unsigned i = 0; i < TM; ++i) out[threadIdx.x * TM + i] = regM[i];
}

// Windows of 8 floats that start every 4: P = d * 128 + row * 4 is a multiple of 4 floats only,
// so P + i may be in the next row of 256 where P is not.
template <int BM, int BK>
__global__ void overlapping(const float* A, float* out) {
  __shared__ float Cs[BM * BK];
  const unsigned innerColA = threadIdx.x % (BK / 4), innerRowA = threadIdx.x / (BK / 4);
  for (unsigned offset = 0; offset < BM; offset += 32) {
    Cs[(innerColA * 4 + 0) * BM + innerRowA + offset] = A[threadIdx.x];  // expected-warning {{4-way bank conflict on store to 'Cs' in 'overlapping<128, 16>'}} expected-note {{pad 'Cs' to Cs[BM * BK + (BM * BK) / 128 * 2]}} expected-note {{every index i becomes i + i / 128 * 2 (3 indices); that adds}}
    Cs[(innerColA * 4 + 1) * BM + innerRowA + offset] = A[threadIdx.x + 128];  // expected-warning {{4-way bank conflict on store to 'Cs' in 'overlapping<128, 16>'}}
  }
  __syncthreads();
  float acc = 0.f;
  const unsigned row = (threadIdx.x % 32) / 4;
  for (unsigned d = 0; d < 16; ++d)
    for (unsigned i = 0; i < 8; ++i) acc += Cs[d * 128 + row * 4 + i];
  out[threadIdx.x] = acc;
}

void launch(const float* A, float* o) {
  throughPointer<128, 16, 8><<<1, 128>>>(A, o);
  byName<128, 16, 8><<<1, 128>>>(A, o);
  overlapping<128, 16><<<1, 128>>>(A, o);
}
// CHECK-FIXES: for (unsigned i = 0; i < TM; ++i) regM[i] += As[d * BM + row * TM + i + (d * BM + row * TM) / 256 * 4];
// CHECK-FIXES: __shared__ float As[BM * BK + (BM * BK) / 256 * 4];
// CHECK-FIXES: As[(innerColA * 4 + 0) * BM + innerRowA + offset + ((innerColA * 4 + 0) * BM + innerRowA + offset) / 256 * 4] = A[threadIdx.x];
// CHECK-FIXES: __shared__ float Bs[BM * BK + (BM * BK) / 256 * 4];
// CHECK-FIXES: for (unsigned i = 0; i < TM; ++i) regM[i] += Bs[d * BM + row * TM + i + (d * BM + row * TM) / 256 * 4];
// CHECK-FIXES: __shared__ float Cs[BM * BK + (BM * BK) / 128 * 2];
// CHECK-FIXES: for (unsigned i = 0; i < 8; ++i) acc += Cs[d * 128 + row * 4 + i + (d * 128 + row * 4 + i) / 128 * 2];
