// Structured bindings name the parts of a hidden object: `auto [r, c] = coordOf(lane);` reads
// the members of the aggregate the call returns, `auto [x, y] = make_int2(...)` those of the
// vector (the prelude's make_int2 builds it from its components), `const auto& [r, c] = f()` those
// of the temporary the reference keeps alive. A binding a loop writes with a value that differs
// between lanes changes that object: its accesses there are not computed, never guessed.
struct RowCol {
  int r, c;
};
__device__ RowCol coordOf(int lane) { return {lane / 4, lane % 4}; }

__global__ void bindings(float* out) {
  __shared__ float tile[8][32];
  __shared__ float flat[64];
  const int lane = threadIdx.x;
  auto [r, c] = coordOf(lane);
  float acc = tile[r][c * 8];  // expected-warning {{8-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[8][32 + 3]}}
  auto [x, y] = make_int2(lane, 2);
  acc += flat[x * y];  // expected-warning {{2-way bank conflict on load from 'flat'}} expected-note {{pad 'flat' to flat[64 + 64 / 32]}}
  // Bound to a temporary, which lives as long as the reference: its fields are followed too.
  const auto& [cr, cc] = coordOf(lane);
  acc += tile[cr][cc];  // lanes 4r + c read word 32r + c: rows 32 words apart share banks: 8-way
  // expected-warning@-1 {{8-way bank conflict on load from 'tile'}}
  auto [lr, lc] = coordOf(lane);
  for (int i = 0; i < 4; ++i) {
    acc += tile[lr][lc];  // expected-remark {{not computed}}
    lc = (lc + threadIdx.x) % 4;
  }
  out[lane] = acc;
}

void launch(float* o) { bindings<<<1, 32>>>(o); }
