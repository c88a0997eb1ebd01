// A shared array whose address reaches an inline-asm instruction bankcheck does not model (or a cp.async
// it cannot record: its size not a constant), or a function without a body: what that code reads or
// writes is not recorded, so no padding or swizzle of the array is proposed (it would not move them).
// A TMA tensor copy lays its box out as the tensor map says, whatever the array's indices: the
// reason names the tensor map's swizzle mode as the layout to change (on the H200 the copy's own
// writes cost no bank wavefronts, docs/hardware-model.md).
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void tmaTile(const __grid_constant__ CUtensorMap map, float* out) {
  __shared__ __align__(1024) unsigned short tile[64 * 64];
  __shared__ __align__(8) unsigned long long bar;  // expected-remark {{shared array 'bar' not analyzed: it is used, but none of its accesses could be followed: its address is an operand of an inline-asm instruction bankcheck does not model at line 16 (mbarrier.init.shared::cta.b64), so its accesses are not computed}}
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(tile));
  const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(8192) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(&map), "r"(0), "r"(0), "r"(b) : "memory");
  }
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x * 64];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: it is written by a TMA tensor copy at line 18 (cp.async.bulk.tensor.2d), which lays out its box as the tensor map says}}
}

__global__ void reducedByAsm(const unsigned* in, unsigned* out) {
  __shared__ unsigned counts[32 * 32];
  for (int i = threadIdx.x; i < 32 * 32; i += 32) counts[i] = 0;
  __syncthreads();
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&counts[(in[threadIdx.x] % 32) * 32]));
  asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(at), "r"(1u) : "memory");
  __syncthreads();
  out[threadIdx.x] = counts[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'counts' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: its address is an operand of an inline-asm instruction bankcheck does not model at line 30 (red.shared.add.u32)}}
}

__global__ void copiedWithRuntimeSize(const float* in, float* out, int bytes) {
  __shared__ float rows[32 * 32];
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&rows[threadIdx.x * 32]));
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(at), "l"(in + threadIdx.x), "r"(bytes) : "memory");  // expected-remark {{cp.async into 'rows' not analyzed: copy size is not a constant 4, 8 or 16 bytes}}
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'rows' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: its address is an operand of an inline-asm instruction bankcheck does not model at line 38 (cp.async.ca.shared.global)}}
}

__device__ void fillElsewhere(float* dst, int n);  // defined in another translation unit

__global__ void filledByCall(float* out) {
  __shared__ float staged[32 * 32];
  fillElsewhere(staged, 32 * 32);  // expected-remark {{call to 'fillElsewhere' with a pointer into 'staged' not analyzed: the callee's body is not available, so its accesses are unknown}}
  __syncthreads();
  out[threadIdx.x] = staged[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'staged' (32 wavefronts per warp, ideal 1)}} expected-note {{no fix proposed: a pointer into it is passed at line 48 to 'fillElsewhere', whose body is not available}}
}

void launch(CUtensorMap map, const unsigned* in, unsigned* u, float* f) {
  tmaTile<<<1, 64>>>(map, f);
  reducedByAsm<<<1, 32>>>(in, u);
  filledByCall<<<1, 32>>>(f);
  copiedWithRuntimeSize<<<1, 32>>>(f, f, 4);
}
