// int8 tiles: char4-packed rows in shared memory, __dp4a dot products, byte permutes and
// SIMD-in-a-word helpers.
#include <cuda_runtime.h>
#include <cstdint>

constexpr int TILE = 64;

__global__ void int8_gemv(const char4* __restrict__ A, const char4* __restrict__ x, int* __restrict__ y, int k4) {
  __shared__ char4 xs[TILE];
  __shared__ int8_t rows[8][TILE * 4 + 4];
  int acc = 0;
  for (int k0 = 0; k0 < k4; k0 += TILE) {
    if (threadIdx.x < TILE) xs[threadIdx.x] = x[k0 + threadIdx.x];
    for (int i = threadIdx.x; i < 8 * TILE; i += blockDim.x) {
      char4 v = A[(blockIdx.x * 8 + i / TILE) * k4 + k0 + i % TILE];
      rows[i / TILE][(i % TILE) * 4 + 0] = v.x;
      rows[i / TILE][(i % TILE) * 4 + 1] = v.y;
      rows[i / TILE][(i % TILE) * 4 + 2] = v.z;
      rows[i / TILE][(i % TILE) * 4 + 3] = v.w;
    }
    __syncthreads();
    const int r = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int c = lane; c < TILE; c += 32) {
      int packed = *reinterpret_cast<const int*>(&rows[r][c * 4]);
      acc = __dp4a(packed, *reinterpret_cast<const int*>(&xs[c]), acc);
      acc = __dp4a(make_char4(1, 2, 3, 4), xs[c], acc);
    }
    __syncthreads();
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if (threadIdx.x % 32 == 0) y[blockIdx.x * 8 + threadIdx.x / 32] = acc;
}

__global__ void bytes(uint32_t* w) {
  uint32_t v = w[threadIdx.x];
  uint32_t p = __byte_perm(v, 0, 0x0123);
  uint32_t s = __vadd4(v, p) ^ __vabsdiffu4(v, p) ^ __funnelshift_l(v, p, 8) ^ __brev(v);
  w[threadIdx.x] = s + __clz(v) + __ffs(v) + __popc(v) + __umulhi(v, p) + __umul24(v, 3u) + __mul24(static_cast<int>(v), -2);
}
