// Paddings set at each instantiation. `tile[64][64 + PAD]` launched with PAD 0, 1 and 2: one
// padding of the template cannot serve all three (+1 leaves PAD 1 at 66, 2-way), but PAD sizes
// nothing else, so each conflicted instantiation's launch gets its own value (0 -> 1, 2 -> 3).
// Where the parameter is used elsewhere, or a launch does not write it as a number, the joint
// padding of the template is proposed, and a note says why it is not set per instantiation.
#include <cuda_runtime.h>

template <int PAD>
__global__ void transpose(float* out, const float* in) {
  __shared__ float tile[64][64 + PAD];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 64 + threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile' in 'transpose<0>'}} expected-note {{pad 'tile' at each instantiation: PAD = 1 instead of 0 for 'transpose<0>' (advisor_template_arguments.cu:36); PAD = 3 instead of 2 for 'transpose<2>' (advisor_template_arguments.cu:38, advisor_template_arguments.cu:39): up to +256 bytes of shared memory per block}} expected-note {{'PAD' sizes only 'tile', so each instantiation gets its own padding at its launches}} expected-warning {{2-way bank conflict on store to 'tile' in 'transpose<2>'}}
  __syncthreads();
  out[threadIdx.y * 64 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

// The padding parameter also moves the global index: changing it would change what is copied.
template <int PAD>
__global__ void shared_use(float* out, const float* in) {
  __shared__ float tile[64][64 + PAD];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * (64 + PAD) + threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile' in 'shared_use<0>'}} expected-note {{pad 'tile' to tile[64][64 + PAD + 1]}} expected-note {{a padding chosen for each instantiation would leave none conflicted, but it cannot be set at the launches: no dimension of 'tile' is sized by a template parameter of 'shared_use' that only shared-memory declarations use}} expected-warning {{2-way bank conflict on store to 'tile' in 'shared_use<2>'}}
  __syncthreads();
  out[threadIdx.y * 64 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

// The launch writes the argument through a constant, not as a number.
constexpr int kNoPad = 0;
template <int PAD>
__global__ void named_argument(float* out) {
  __shared__ float tile[64][64 + PAD];
  tile[threadIdx.x][threadIdx.y] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'tile' in 'named_argument<0>'}} expected-note {{pad 'tile' to tile[64][64 + PAD + 1]}} expected-note {{a padding chosen for each instantiation would leave none conflicted, but it cannot be set at the launches: not every launch of 'named_argument<0>' in this file writes its 'PAD' as a number}} expected-warning {{2-way bank conflict on store to 'tile' in 'named_argument<2>'}}
  __syncthreads();
  out[threadIdx.y * 64 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

void run(float* o, const float* i) {
  transpose<0><<<1, dim3(32, 8)>>>(o, i);
  transpose<1><<<2, dim3(32, 8)>>>(o, i);
  transpose<2><<<3, dim3(32, 8)>>>(o, i);
  transpose<2><<<4, dim3(32, 8)>>>(o, i);
  shared_use<0><<<1, dim3(32, 8)>>>(o, i);
  shared_use<1><<<1, dim3(32, 8)>>>(o, i);
  shared_use<2><<<1, dim3(32, 8)>>>(o, i);
  named_argument<kNoPad><<<1, dim3(32, 8)>>>(o);
  named_argument<1><<<1, dim3(32, 8)>>>(o);
  named_argument<2><<<1, dim3(32, 8)>>>(o);
}
// CHECK-FIXES: __shared__ float tile[64][64 + PAD + 1];
// CHECK-FIXES: transpose<1><<<1, dim3(32, 8)>>>(o, i);
// CHECK-FIXES: transpose<1><<<2, dim3(32, 8)>>>(o, i);
// CHECK-FIXES: transpose<3><<<3, dim3(32, 8)>>>(o, i);
// CHECK-FIXES: transpose<3><<<4, dim3(32, 8)>>>(o, i);
