// A local handed to a device function by non-const reference takes the value the function leaves
// in it, and so does one whose address is handed to a pointer the function only dereferences
// (`*p = 0`). One whose address is used otherwise (`p[0]`, stored, offset, handed on) may be
// written through it, and is no longer followed.
// A local reference to a local (or to a field of one) is an alias: writes through it change the
// variable. (The walk used to keep the value from before the call or the write: `buf[a]` below
// was computed as `buf[threadIdx.x]`, conflict-free.)
__device__ void scale(int& r) { r = r * 32; }
__device__ void peek(int& r, float* out) { out[1] = static_cast<float>(r); }
__device__ void writeThrough(int* p) { *p = 0; }
__device__ void writeIndexed(int* p) { p[0] = 0; }

__global__ void out_arguments(float* out) {
  __shared__ float buf[1024];
  int a = threadIdx.x;
  scale(a);
  buf[a] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'buf' (32 wavefronts per warp, ideal 1)}}
  int c = threadIdx.x;
  peek(c, out);
  buf[c + 32] = 2.0f;
  int b = threadIdx.x * 32;
  writeThrough(&b);
  buf[b + 64] = 3.0f;  // b is 0 in every lane: one word, no conflict
  int d = threadIdx.x;
  writeIndexed(&d);
  buf[d + 96] = 4.0f;  // expected-remark {{bank conflicts of store to 'buf' not computed: 'd' may be written by 'writeIndexed' through its address}}
  __syncthreads();
  out[0] = buf[threadIdx.x];
}

struct Coord {
  int row, col;
};

__global__ void aliases(float* out) {
  __shared__ float buf[2048];
  int a = threadIdx.x;
  int& ra = a;
  ra = threadIdx.x * 32;
  buf[a] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'buf' (32 wavefronts per warp, ideal 1)}}
  Coord c = {static_cast<int>(threadIdx.x), 0};
  int& row = c.row;
  row = threadIdx.x * 64;
  buf[c.row + 1024] = 2.0f;  // expected-warning {{32-way bank conflict on store to 'buf' (32 wavefronts per warp, ideal 1)}}
  int b = threadIdx.x;
  int& rb = b;
  scale(rb);
  __syncthreads();
  out[0] = buf[b];  // expected-warning {{32-way bank conflict on load from 'buf' (32 wavefronts per warp, ideal 1)}}
}

void run(float* o) {
  out_arguments<<<1, 32>>>(o);
  aliases<<<1, 32>>>(o);
}
