// Values bankcheck cannot compute but that are the same in every lane of a warp: fields of a
// kernel parameter passed by value (`dims.z`), a bound lowered under a condition on a pointer
// parameter, `min` of such values, a load of one address (`limits[j]`), and what a loop leaves
// in its counter when its bound is one of them. Each is a warp-uniform symbol, so an address that
// adds it is computed (a uniform shift); one that multiplies a lane index by it is not, and the
// reason names it. A cp.async source whose base is computed with divisions by unknown sizes keeps
// that base out of the pattern: it is taken as line-aligned like the pointer. A shared word that
// every lane reads is one value too.
#include <cuda_runtime.h>

struct Sizes { int stride; int rows; };

__device__ __forceinline__ void copy16(const float4* src, float4* dst) {
  const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(src));  // expected-warning {{8-way bank conflict on cp.async into 'strided' (32 wavefronts per warp, ideal 4)}} expected-warning {{8-way bank conflict on cp.async into 'strided' (32 wavefronts per warp, ideal 4)}}
}

__device__ void tileAt(const float4* base, float4 (*tile)[8], float4 (*strided)[9], int k) {
  copy16(base + k * 32 + threadIdx.x, &tile[threadIdx.x / 8][threadIdx.x % 8]);  // rows of 128 bytes: clean
  copy16(base + k * 32 + threadIdx.x, &strided[threadIdx.x][k % 4]);
}

__device__ void process(const float4* base, float4 (*tile)[8], float4 (*strided)[9], const int start, const int stop) {
  int k = start;
  for (; k < stop - 1; ++k) tileAt(base, tile, strided, k);
  tileAt(base, tile, strided, k);  // k after the loop: warp-uniform (the second warning)
}

__global__ void blocks(const float4* g, float* out, const uint3 dims, const Sizes sizes, const int* limits) {
  __shared__ __align__(16) float4 tile[4][8];
  __shared__ __align__(16) float4 strided[32][9];
  __shared__ float rows[32 * 33];
  const int perRow = (dims.z + 7) / 8;
  int block = int(blockIdx.x) * perRow / int(gridDim.x);
  const int last = int(blockIdx.x + 1) * perRow / int(gridDim.x);
  int stop = min(perRow, last - block);
  while (block < last) {
    const int row = block / (perRow * dims.y);
    if (limits) stop = min(stop, limits[row]);
    process(g + row * sizes.stride, tile, strided, 0, stop);
    block += perRow;
    stop = min(perRow, last - block);
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  // The store adds a uniform value to a conflict-free pattern: computed, clean.
  rows[threadIdx.x * 33 + stop % 32] = tile[threadIdx.x / 8][threadIdx.x % 8].x;  // expected-warning {{4-way bank conflict on load from 'tile'}}
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x * sizes.stride] + strided[threadIdx.x][0].y;  // expected-remark {{'sizes.stride' (kernel parameter)}} expected-warning {{bank conflict on load from 'strided'}}
}

void host(const float4* g, float* out, uint3 dims, Sizes sizes, const int* limits) { blocks<<<8, 32>>>(g, out, dims, sizes, limits); }

// A shared word every lane reads (a length one thread computed): one load, one value for the warp.
__global__ void mergedRuns(const unsigned* keys, unsigned* out, const unsigned* limits) {
  __shared__ unsigned s_key[64];
  __shared__ unsigned lenA;
  if (threadIdx.x == 0) lenA = limits[blockIdx.x] % 32;
  s_key[threadIdx.x] = keys[threadIdx.x];
  s_key[threadIdx.x + 32] = keys[threadIdx.x + 32];
  __syncthreads();
  out[threadIdx.x] = s_key[lenA + threadIdx.x];  // a uniform shift of a clean row: computed, clean
  // (On the H200 this line's own instruction is only the s_key load, 2 wavefronts: nvcc reuses the
  // line above's load of lenA.)
  out[threadIdx.x + 32] = s_key[(lenA + threadIdx.x) * 2 % 64];  // expected-warning {{2-way bank conflict on load from 's_key'}}
}

void hostMerged(const unsigned* keys, unsigned* out, const unsigned* limits) { mergedRuns<<<4, 32>>>(keys, out, limits); }
