// A padding parameter that sizes two shared declarations (LeetCUDA's sgemm: `s_a[BK][BM + OFFSET]`
// and `s_b[BK][BN + OFFSET]`), left to its default of 0 by one launch and written by another.
// Set at the launch that leaves it out, the argument is appended (`k<32>` -> `k<32, 4>`), after
// proving that the other array it sizes gets no worse; where it would, no per-instantiation fix.
#include <cuda_runtime.h>

template <int BM = 32, int OFFSET = 0>
__global__ void two_tiles(float* out, const float* in) {
  __shared__ float s_a[8][BM + OFFSET];
  __shared__ float s_b[8][BM + OFFSET];
  const int lane = threadIdx.x;
  s_a[lane % 8][lane / 8] = in[lane];  // expected-warning {{8-way bank conflict on store to 's_a' in 'two_tiles<32, 0>'}} expected-note {{pad 's_a' at each instantiation: OFFSET = 4 instead of 0 for 'two_tiles<32, 0>' (advisor_template_shared_parameter.cu:32): up to +256 bytes of shared memory per block}} expected-note {{'OFFSET' sizes only shared-memory declarations, so each instantiation gets its own padding at its launches; the template stays as written. It pads 's_b' alike, which is checked to get no worse}}
  s_b[1][lane] = in[lane + 32];
  __syncthreads();
  out[lane] = s_a[lane % 8][lane / 8] + s_b[1][lane];  // expected-warning {{8-way bank conflict on load from 's_a' in 'two_tiles<32, 0>'}}
}

// Here the padding `s_a` needs (4) makes `s_b` conflict: its two rows of 16 lanes cover the 32
// banks once with rows of 32 floats, and overlap in 4 banks with rows of 36.
template <int BM = 32, int OFFSET = 0>
__global__ void worse_sibling(float* out, const float* in) {
  __shared__ float s_a[8][BM + OFFSET];
  __shared__ float s_b[2][BM + OFFSET];
  const int lane = threadIdx.x;
  s_a[lane % 8][lane / 8] = in[lane];  // expected-warning {{8-way bank conflict on store to 's_a' in 'worse_sibling<32, 0>'}} expected-note {{cannot be set at the launches: padding 's_b' (which 'OFFSET' sizes too) in 'worse_sibling<32, 0>' would make it worse (conflict-free -> 2-way)}}
  s_b[lane / 16][lane] = in[lane + 32];  // expected-warning {{2-way bank conflict on store to 's_b' in 'worse_sibling<32, 4>'}}
  __syncthreads();
  out[lane] = s_a[lane % 8][lane / 8] + s_b[lane / 16][lane];  // expected-warning {{8-way bank conflict on load from 's_a' in 'worse_sibling<32, 0>'}} expected-warning {{2-way bank conflict on load from 's_b' in 'worse_sibling<32, 4>'}}
}

void run(float* o, const float* i) {
  two_tiles<32><<<1, 32>>>(o, i);
  two_tiles<32, 4><<<1, 32>>>(o, i);
  worse_sibling<32><<<1, 32>>>(o, i);
  worse_sibling<32, 4><<<1, 32>>>(o, i);
}
// CHECK-FIXES: two_tiles<32, 4><<<1, 32>>>(o, i);
// CHECK-FIXES: two_tiles<32, 4><<<1, 32>>>(o, i);
