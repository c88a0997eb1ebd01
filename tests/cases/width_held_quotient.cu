// Unrolled reads whose index divides by a row: nvcc merges the copies of `i` into one LDS.128 only
// if it keeps the row the same within the group. nvcc 13's PTX (sm_90) of this file:
// - `paddedRow<unsigned>`: `(t + i) / 64` of an unsigned t is one register plus immediates: merged,
//   and the width note says what that assumes (SGEMM_CUDA's kernel 12 did not merge such reads,
//   docs/advisor.md);
// - `paddedRow<int>`: the same with an int t is four registers: four LDS;
// - `rowAndColumn`: `s[(t + i) / 32][(t + i) % 32]` is four registers: four LDS.
// (Seen in eight variants: int or unsigned, rows of 32 or 64, two kinds of fill: every int one was
// four registers, every unsigned one one register.)
#include <cuda_runtime.h>

template <typename Index>
__global__ void paddedRow(float* out) {
  __shared__ float s1[64 * 36];
  for (int i = threadIdx.x; i < 64 * 36; i += blockDim.x) s1[i] = i;
  __syncthreads();
  const Index t = threadIdx.x * 8;
  float acc = 0.f;
#pragma unroll
  for (Index i = 0; i < 4; ++i) acc += s1[(t + i) + (t + i) / 64 * 8];  // expected-warning {{2-way bank conflict on load from 's1' in 'paddedRow<unsigned int>' (8 wavefronts per warp, ideal 4)}} expected-note {{instruction width 16 bytes per lane (predicted vectorization: 4 consecutive iterations of the unrolled loop at line 20 merged into one 128-bit access, assuming nvcc sees that the index's quotient (`/`) or remainder (`%`) does not change within a group}} expected-warning {{8-way bank conflict on load from 's1' in 'paddedRow<int>' (8 wavefronts per warp, ideal 1)}}
  out[threadIdx.x] = acc;
}

__global__ void rowAndColumn(float* out) {
  __shared__ float s[64][32];
  for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) s[i / 32][i % 32] = i;
  __syncthreads();
  const unsigned t = threadIdx.x * 8;
  float acc = 0.f;
#pragma unroll
  for (unsigned i = 0; i < 4; ++i) acc += s[(t + i) / 32][(t + i) % 32];  // expected-warning {{8-way bank conflict on load from 's' (8 wavefronts per warp, ideal 1)}}
  out[threadIdx.x] = acc;
}

void launch(float* out) {
  paddedRow<unsigned><<<1, 128>>>(out);
  paddedRow<int><<<1, 128>>>(out);
  rowAndColumn<<<1, 128>>>(out);
}
