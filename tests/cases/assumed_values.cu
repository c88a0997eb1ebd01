// ARGS: --assume transposeRows:pitch=32 --assume params.heads=4
// Values the code cannot show: a pitch or a head size passed at run time decides the bank
// pattern, and no launch in the file passes a constant. The user states them, on the command line
// (`--assume [kernel:]name=value`) or in a comment above the kernel
// (`bankcheck: assume(name = value, ...)`); each access they reach names the value and where it
// came from. The command line wins over a comment, and both over the launches' constants.
struct Params {
  int rotary_dim;
  int heads;
  bool neox;
};

// Without a value: not computed, with the way to give one.
__global__ void rows(float* out, int pitch) {
  __shared__ float s[32 * 33];
  s[threadIdx.x * pitch] = 1.0f;  // expected-remark {{bank conflicts of store to 's' not computed: the address depends on 'pitch' (kernel parameter) in a way that changes the pattern, and its value is unknown (give it with --assume pitch=N)}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // clean
}

// The command line, for this kernel only (transposeRows:pitch=32): a 32-way column.
__global__ void transposeRows(float* out, int pitch) {
  __shared__ float s[32 * 33];
  s[threadIdx.x * pitch] = 1.0f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{'pitch' = 32: assumed (--assume)}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // clean
}

// A comment above the kernel; members of a by-value struct parameter by their paths (a bool as
// true or false). The half rotary dimension 32 makes the two halves' rows 128 bytes apart: lanes
// 0-15 and 16-31 meet.
// bankcheck: assume(params.rotary_dim = 64, params.neox = true)
__global__ void rotary(float* out, Params params) {
  __shared__ float q[2 * 128];
  const int half = params.neox ? params.rotary_dim / 2 : 16;
  const int row = threadIdx.x / 16, col = threadIdx.x % 16;
  q[row * half + col * 2] = 1.0f;  // expected-warning {{2-way bank conflict on store to 'q'}} expected-note {{'params.neox' = 1, 'params.rotary_dim' = 64: assumed (bankcheck: assume at assumed_values.cu:32)}}
  __syncthreads();
  out[threadIdx.x] = q[threadIdx.x];  // clean
}

// The command line over the comment (heads = 4, not 8), and a loop bound: four iterations, each a
// 2-way pair of rows.
// bankcheck: assume(params.heads = 8)
__global__ void heads(float* out, Params params) {
  __shared__ float h[8 * 64];
  float acc = 0.0f;
  for (int i = 0; i < params.heads; ++i) acc += h[i * 64 + threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 'h'}} expected-note {{'params.heads' = 4: assumed (--assume)}}
  out[threadIdx.x] = acc;
}

// A comment that is malformed, or names no parameter, is reported and assumes nothing.
// bankcheck: assume(pitch: 32)   expected-remark {{annotation `bankcheck: assume(...)` not analyzed: `bankcheck: assume(pitch: 32)`: 'pitch: 32' is not of the form name = integer (a parameter or a member of one: `pitch = 33`, `params.dim = 64`), so no value is assumed from it}}
// bankcheck: assume(width = 32)   expected-remark {{annotation `bankcheck: assume(...)` not analyzed: 'width' is not a parameter of 'misnamed' (nor a member of one), so no value is assumed for it}}
__global__ void misnamed(float* out, int pitch) {
  __shared__ float s[32 * 33];
  s[threadIdx.x * pitch] = 1.0f;  // expected-remark {{not computed: the address depends on 'pitch' (kernel parameter)}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // clean
}

void launch(float* out, int pitch, Params p) {
  rows<<<1, 32>>>(out, pitch);
  transposeRows<<<1, 32>>>(out, pitch);
  rotary<<<1, 32>>>(out, p);
  heads<<<1, 32>>>(out, p);
  misnamed<<<1, 32>>>(out, pitch);
}
