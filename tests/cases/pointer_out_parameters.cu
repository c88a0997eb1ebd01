// Shared tiles handed back through pointer out-parameters, as ggml's older mmq kernels (and
// candle's copy of them) declare them: `allocate_tiles(&tile_x, ...)` with a device function that
// declares the `__shared__` arrays and writes `*x = tile;`, called through a template parameter.
// A pointer parameter that the function only dereferences stands for the caller's local: the
// local takes the value left behind it, and the accesses are walked in the source, with their
// padding proposed on the written indices (they used to be read from the lowered LLVM IR only,
// at several times the parse's cost, with no fix).
typedef void (*allocate_tiles_t)(int** x_ql, float** x_d, int** x_unused);

template <int Y>
static __device__ __forceinline__ void allocate_tiles_padded(int** x_ql, float** x_d, int** x_unused) {
  (void)x_unused;
  __shared__ int tile_qs[Y * 32 + Y];
  __shared__ float tile_d[Y * 4];
  *x_ql = tile_qs;
  *x_d = tile_d;
}

template <int Y, allocate_tiles_t allocate_tiles>
__global__ void tiles_from_out_parameters(float* out) {
  int* tile_ql = nullptr;
  float* tile_d = nullptr;
  int* unused = nullptr;
  allocate_tiles(&tile_ql, &tile_d, &unused);
  tile_ql[threadIdx.x * 32] = 1;  // expected-warning {{32-way bank conflict on store to 'tile_qs'}} expected-note {{pad 'tile_qs'}}
  tile_d[threadIdx.x] = 2.0f;      // clean
  __syncthreads();
  out[threadIdx.x] = tile_ql[threadIdx.x * 33] + tile_d[threadIdx.x % 4];  // clean
}

// The pointer moved by the callee: the local is no longer followed by the walk, and the accesses
// are read from the lowered code, where the written indices are gone (no padding proposed).
__device__ void allocate_and_offset(float** p) {
  __shared__ float tile[1024];
  *p = tile;
  p += 0;
}

__global__ void pointer_used_otherwise(float* out) {
  float* t = nullptr;
  allocate_and_offset(&t);
  t[threadIdx.x * 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'tile'}} expected-note {{no fix proposed: the access at line 42 (float) reaches 'tile' through a pointer whose derivation is not followed}}
  __syncthreads();
  out[threadIdx.x] = t[0];  // clean
}

// One local reached through two parameters: two copies would not see each other's writes (here
// `*x = 0` makes `*y * 32` zero), so the local is not followed through either.
__device__ void two_ways(int* x, int* y) {
  *x = 0;
  *y = *y * 32;
}

// `&*x` is the pointer again, and a write through it must reach the local.
__device__ void through_a_copy(int* x) {
  int* q = &*x;
  *q = 0;
}

__global__ void one_local_two_pointers(float* out) {
  __shared__ float buf[1024];
  int d = threadIdx.x;
  two_ways(&d, &d);
  buf[d] = 1.0f;  // expected-remark {{'d' may be written by 'two_ways' through its address}}
  int e = threadIdx.x * 32;
  through_a_copy(&e);
  buf[e + 1] = 2.0f;  // expected-remark {{'e' may be written by 'through_a_copy' through its address}}
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

void launch(float* o) {
  tiles_from_out_parameters<32, allocate_tiles_padded<32>><<<1, 32>>>(o);
  pointer_used_otherwise<<<1, 32>>>(o);
  one_local_two_pointers<<<1, 32>>>(o);
}
