// Loads of one box read twice: mmcv's NMS `devIoU(a, b)` reads b[0], b[2], then b[1], b[3], and
// later b[2] - b[0] and b[3] - b[1] again. Nothing writes the tile in between, so the second
// reads reuse the first ones' values, and ptxas loads the four words as one LDS.128 (the H100's
// SASS for mmcv's kernel: one LDS.128 at the first line, 1.0 ways, docs/hardware-model.md). Lanes
// 16 bytes apart are then conflict-free; read as four 4-byte loads they would be 4-way.
#define T 64

__device__ inline bool overlaps(const float* a, const float* b, float threshold) {
  float left = fmaxf(a[0], b[0]), right = fminf(a[2], b[2]);  // clean
  float top = fmaxf(a[1], b[1]), bottom = fminf(a[3], b[3]);  // clean
  float inter = fmaxf(right - left, 0.f) * fmaxf(bottom - top, 0.f);
  float sa = (a[2] - a[0]) * (a[3] - a[1]);
  float sb = (b[2] - b[0]) * (b[3] - b[1]);  // clean
  return inter > threshold * (sa + sb - inter);
}

__global__ void boxes(const float* in, unsigned long long* mask, float threshold) {
  __shared__ float tile[T * 4];
  tile[threadIdx.x * 4 + 0] = in[threadIdx.x * 4 + 0];  // clean
  tile[threadIdx.x * 4 + 1] = in[threadIdx.x * 4 + 1];  // clean
  tile[threadIdx.x * 4 + 2] = in[threadIdx.x * 4 + 2];  // clean
  tile[threadIdx.x * 4 + 3] = in[threadIdx.x * 4 + 3];  // clean
  __syncthreads();
  unsigned long long t = 0;
  const float* mine = in + threadIdx.x * 4;
  for (int i = 0; i < T - 1; ++i)
    if (overlaps(mine, tile + ((threadIdx.x + 1 + i) % T) * 4, threshold)) t |= 1ULL << i;
  mask[threadIdx.x] = t;
}

// Stored twice at one address: a store is no run with itself, so these stay 4-byte stores.
__global__ void stored_twice(const float* in, float* out) {
  __shared__ float rows[T * 4];
  rows[threadIdx.x * 4 + 0] = in[0];  // expected-warning {{4-way bank conflict on store to 'rows'}} expected-note {{pad 'rows'}} expected-note {{each row of 32 elements}}
  rows[threadIdx.x * 4 + 0] = in[1];  // expected-warning {{4-way bank conflict on store to 'rows'}}
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];  // clean
}

void launch(const float* in, unsigned long long* mask, float* out) {
  boxes<<<1, T>>>(in, mask, 0.5f);
  stored_twice<<<1, T>>>(in, out);
}
