// Dynamic shared memory (extern __shared__): the size is each launch's byte count, so a padding
// of its rows rewrites the indices and adds the padding's bytes at every launch (a byte count
// computed at run time grows by the same fraction, written out). A buffer carved out of the
// memory at an offset moves with the rows (advisor_carved_buffers.cu has the forms of carving).
#include <cuda_runtime.h>
#define TILE 32

__global__ void transpose_dynamic(float* out, const float* in) {
  extern __shared__ float tile[];
  tile[threadIdx.y * TILE + threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x * TILE + threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to rows of 33 elements instead of 32 (each launch's byte count grows with them): +128 bytes of shared memory per block; transpose_dynamic blocks per SM on sm_90: 2 -> 2; verified: all 2 accesses of 'tile' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 32 elements of 'tile' gets 1 more: every index i becomes i + i / 32 (2 indices)}}
}

__global__ void carved(float* out) {
  extern __shared__ float smem[];
  float* a = smem;
  float* b = smem + TILE * TILE;
  a[threadIdx.x * TILE + threadIdx.y] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'a'}} expected-note {{pad 'a' to rows of 33 elements instead of 32 (the whole buffer 'smem', its carve-outs moved with their rows; each launch's byte count grows with them): +256 bytes of shared memory per block}}
  b[threadIdx.y * TILE + threadIdx.x] = 2.0f;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = a[threadIdx.y * TILE + threadIdx.x] + b[threadIdx.x];
}

__global__ void sized_at_run_time(float* out) {
  extern __shared__ float rows[];
  rows[threadIdx.x * TILE + threadIdx.y] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'rows'}} expected-note {{pad 'rows' to rows of 33 elements instead of 32 (each launch's byte count grows with them)}} expected-note {{each row of 32 elements of 'rows' gets 1 more}} expected-note {{the byte count 'bytes' at line 53 is computed at run time: it grows by the same fraction, written out; the bytes and occupancy shown are for an assumed 8192-byte buffer}}
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];
}

// The cuda-samples idiom: a typed view of the dynamic memory at offset 0, and nothing else in it.
template <class T>
struct SharedMemory {
  __device__ operator T*() {
    extern __shared__ int raw[];
    return (T*)raw;
  }
};

template <class T>
__global__ void through_view(T* out) {
  T* sdata = SharedMemory<T>();
  sdata[threadIdx.x * TILE + threadIdx.y] = T(1);  // expected-warning {{32-way bank conflict on store to 'sdata' in 'through_view<float>'}} expected-note {{pad 'sdata' to rows of 33 elements instead of 32}}
  __syncthreads();
  out[threadIdx.x] = sdata[threadIdx.y * TILE + threadIdx.x];
}

void run(float* out, const float* in, size_t bytes) {
  const size_t tileBytes = TILE * TILE * sizeof(float);
  transpose_dynamic<<<1, dim3(TILE, TILE), tileBytes>>>(out, in);
  carved<<<1, dim3(TILE, TILE), 2 * tileBytes>>>(out);
  sized_at_run_time<<<1, dim3(TILE, TILE), bytes>>>(out);
  through_view<float><<<1, dim3(TILE, TILE), TILE * TILE * sizeof(float)>>>(out);
}
// CHECK-FIXES: tile[threadIdx.y * TILE + threadIdx.x + (threadIdx.y * TILE + threadIdx.x) / 32] = in[threadIdx.y * TILE + threadIdx.x];
// CHECK-FIXES: out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x * TILE + threadIdx.y + (threadIdx.x * TILE + threadIdx.y) / 32];
// CHECK-FIXES: float* b = smem + TILE * TILE + (TILE * TILE) / 32;
// CHECK-FIXES: rows[threadIdx.x * TILE + threadIdx.y + (threadIdx.x * TILE + threadIdx.y) / 32] = 1.0f;
// CHECK-FIXES: sdata[threadIdx.x * TILE + threadIdx.y + (threadIdx.x * TILE + threadIdx.y) / 32] = T(1);
// CHECK-FIXES: out[threadIdx.x] = sdata[threadIdx.y * TILE + threadIdx.x + (threadIdx.y * TILE + threadIdx.x) / 32];
// CHECK-FIXES: transpose_dynamic<<<1, dim3(TILE, TILE), tileBytes + 128>>>(out, in);
// CHECK-FIXES: sized_at_run_time<<<1, dim3(TILE, TILE), bytes + bytes / 128 * 4>>>(out);
// CHECK-FIXES: through_view<float><<<1, dim3(TILE, TILE), TILE * TILE * sizeof(float) + 128>>>(out);
