// Accesses the AST walk does not follow next to ones it does: through an object holding the
// array's address (a view type), or through the address of a pointer into the array. They are
// reported as not analyzed, and the array gets no padding: the padding would rewrite the
// indices the walk saw and leave those accesses where they were, so the kernel would read
// other elements than it wrote.
struct RowView {  // built by a constructor that may return early, which the walk does not follow
  float* p;
  int ld;
  __device__ RowView(float* q, int stride) {
    p = q;
    ld = stride;
    if (q == nullptr) return;  // a path that leaves early: what it leaves is not followed
    ld += 0;
  }
  __device__ float& at(int r, int c) { return p[r * ld + c]; }
};

__global__ void filledThroughView(const float* in, float* out) {
  __shared__ float tile[32 * 32];
  RowView v{tile, 32};  // expected-remark {{accesses to shared array 'tile' through an object not analyzed: its address is stored in an object here}}
  for (int i = 0; i < 32; ++i) v.at(i, threadIdx.x) = in[i * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: its address is stored in an object at line 20, and the accesses through that object are not followed}}
}

__global__ void filledThroughPointerAddress(const float* in, float* out) {
  __shared__ float grid[32 * 32];
  float* p = grid;
  float** pp = &p;  // expected-remark {{accesses to 'grid' through the address of 'p' not analyzed: the address of a pointer into a shared array is not followed}}
  for (int i = 0; i < 32; ++i) (*pp)[i * 32 + threadIdx.x] = in[i * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = grid[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'grid' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: the address of 'p', a pointer into it, is taken at line 29, and the accesses through it are not followed}}
}

void launch(const float* in, float* out) {
  filledThroughView<<<1, 32>>>(in, out);
  filledThroughPointerAddress<<<1, 32>>>(in, out);
}
