// Code that chooses its qualifiers by the compiler: nvcc predefines __NVCC__ (in the host and the
// device pass alike), and libraries test it to mark their helpers __host__ __device__, as mmcv's
// spconv tensor view does. Without it, the helper is a host function and the kernel would not
// compile; nvcc compiles it, so bankcheck reads it as nvcc does.
#if defined(__NVCC__)
#define VIEW_HD __forceinline__ __host__ __device__
#else
#define VIEW_HD inline
#endif

struct RowView {
  int stride;
  VIEW_HD int at(int row, int col) const { return row * stride + col; }
};

__global__ void viewed(float* out, RowView v) {
  __shared__ float tile[32][32];
  const RowView rows{32};
  tile[threadIdx.x][0] = out[v.at(threadIdx.x, 0)];  // expected-warning {{32-way bank conflict on store to 'tile'}} expected-note {{pad 'tile'}}
  __syncthreads();
  out[rows.at(threadIdx.x, 1)] = tile[0][threadIdx.x];  // clean
}

void launch(float* o) { viewed<<<1, 32>>>(o, RowView{64}); }
