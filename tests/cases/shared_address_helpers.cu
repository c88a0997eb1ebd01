// A shared address held as a 32-bit integer (`__cvta_generic_to_shared`) stays a shared address
// when a helper returns it and when it is passed, with an offset added, to a helper's integer
// parameter: the cp.async wrapper's destination is computed, as it is when everything is written
// in the kernel. Also through a lambda called by an unrolling functor (once per call: two warnings).
// The copies address 'strided' in bytes, so padding its rows would leave them where they are while
// its elements move: no padding is proposed.
#include <cuda_runtime.h>

static __device__ __forceinline__ unsigned toShared(void* p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

template <int preload>
static __device__ __forceinline__ void copy16(const unsigned dst, const void* src) {
  if (preload == 64) {
    asm volatile("cp.async.ca.shared.global.L2::64B [%0], [%1], 16;" ::"r"(dst), "l"(src));  // expected-warning {{8-way bank conflict on cp.async into 'strided' (32 wavefronts per warp, ideal 4)}} expected-warning {{8-way bank conflict on cp.async into 'strided' (32 wavefronts per warp, ideal 4)}} expected-note {{no fix proposed: no padding of any dimension lowers the wavefronts of 'strided' and keeps every access on its element (padding dimension 1 would move the access at line 14 (dst) away from its element}}
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src));
  }
}

template <int n>
struct Unroll {
  template <typename F>
  __device__ void operator()(const F& f) const {
    f(n - 1);
    Unroll<n - 1>{}(f);
  }
};
template <>
struct Unroll<1> {
  template <typename F>
  __device__ void operator()(const F& f) const { f(0); }
};

__global__ void viaHelpers(const float4* g, float* out) {
  __shared__ __align__(16) float4 rows[2][32];
  __shared__ __align__(16) float4 strided[32][8];
  const unsigned rows32 = toShared(rows);
  const unsigned strided32 = toShared(strided);
  auto load = [&] __device__ (int n) {
    copy16<0>(rows32 + n * 32 * 16 + threadIdx.x * 16, g + n * 32 + threadIdx.x);  // consecutive chunks: clean
    copy16<64>(strided32 + threadIdx.x * 8 * 16 + n * 16, g + n * 32 + threadIdx.x);  // a column of 128-byte rows
  };
  Unroll<2>{}(load);
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  // Only r.x and t.y are used, and nvcc loads just those words (LDS.32: 4-way, as a float read of
  // a float4 row is; measured on the H200, docs/verification/raw/uniform, and predicted since
  // frontend/VectorComponentUse).
  const float4 r = rows[1][threadIdx.x], t = strided[threadIdx.x / 8][threadIdx.x % 8];  // expected-warning {{4-way bank conflict on load from 'rows' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on load from 'strided' (4 wavefronts per warp, ideal 1)}} expected-note {{only r.x of the float4 loaded here is used: nvcc loads that word alone}} expected-note {{only t.y of the float4 loaded here is used: nvcc loads that word alone}}
  out[threadIdx.x] = r.x + t.y;
}

void host(const float4* g, float* out) { viaHelpers<<<1, 32>>>(g, out); }
