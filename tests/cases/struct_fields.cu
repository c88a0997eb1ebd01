// Local objects whose fields the walk follows: aggregates (`Coord c = {r, c}`, a struct returned
// by a helper), objects built by constructors that only initialize members (dim3), fields written
// one by one, threadIdx copied whole, a temporary's field (`tb.thread_index().x`, DeepSpeed's
// sort), and a view object holding a shared pointer (`View v{tile}; v.at(i)`), whose method's
// writes (`step()`) are followed. An object whose fields may have changed out of sight (a method
// that hands out a field by reference, its address taken, a loop that writes it) is no longer
// followed, and an access through it is reported, not dropped.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Coord {
  int row, col;
};
__device__ Coord coordOf(int lane) { return {lane / 4, lane % 4}; }

struct View {
  float* base;
  __device__ float& at(int i) const { return base[i]; }
  __device__ float& get(int i) { return base[i]; }  // non-const, but changes nothing of the view
  __device__ void step() { base += 32; }
  __device__ float*& pointer() { return base; }  // hands out a field by reference: may change the view
};

__global__ void fields(float* out, int n) {
  __shared__ float tile[32][33];
  __shared__ float flat[1024];
  cg::thread_block tb = cg::this_thread_block();
  const int lane = threadIdx.x;
  // Word 33 (lane / 4) + lane % 4: bank row + col, 4 lanes on bank 3.
  Coord c = coordOf(lane);
  tile[c.row][c.col] = 1.0f;  // expected-warning {{4-way bank conflict on store to 'tile' (4 wavefronts per warp, ideal 1)}}
  int2 p;
  p.x = lane * 2;
  p.y = 1;
  flat[p.x] = 2.0f;  // expected-warning {{2-way bank conflict on store to 'flat' (2 wavefronts per warp, ideal 1)}}
  dim3 t = threadIdx;
  flat[t.x * 32 + p.y] = 3.0f;  // expected-warning {{32-way bank conflict on store to 'flat' (32 wavefronts per warp, ideal 1)}}
  flat[tb.thread_index().x * 2 + 1] = 4.0f;  // expected-warning {{2-way bank conflict on store to 'flat' (2 wavefronts per warp, ideal 1)}}
  // Merged after the branch: column 1 or 2 of rows of 33 words, conflict-free either way.
  Coord d = {lane, 0};
  if (n > 0) d.col = 1;
  else d.col = 2;
  tile[d.row][d.col] = 5.0f;
  Coord e = {lane, 0};
  Coord* pe = &e;
  pe->row = 0;
  tile[e.row][0] = 6.0f;  // expected-remark {{bank conflicts of store to 'tile' not computed}}
  __syncthreads();
  out[lane] = tile[lane][0] + flat[lane];
}

__global__ void views(float* out, int n) {
  __shared__ float tile[1024];
  View v{tile};
  v.at(threadIdx.x * 4) = 1.0f;  // expected-warning {{4-way bank conflict on store to 'tile' (4 wavefronts per warp, ideal 1)}}
  for (int i = 0; i < n; ++i) v.get(i * 32 + threadIdx.x) += 1.0f;
  v.step();
  v.at(threadIdx.x * 2) = 2.0f;  // expected-warning {{2-way bank conflict on store to 'tile'}}: step's `base += 32` is followed
  View u{tile};
  u.pointer() += 64;
  u.at(threadIdx.x) = 4.0f;  // expected-remark {{bank conflicts of store to 'tile' not computed: 'u' after the call to 'pointer'}}
  View w{tile};
  for (int i = 0; i < n; ++i) w.base += 1;
  w.at(threadIdx.x) = 3.0f;  // expected-remark {{bank conflicts of store to 'tile' not computed}}
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

void run(float* o, int n) {
  fields<<<1, 32>>>(o, n);
  views<<<1, 32>>>(o, n);
}
