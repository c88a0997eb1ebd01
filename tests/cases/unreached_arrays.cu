// A shared array that an instance never touches is not "used but not followed". Its name may
// appear only in a branch that the instance's constants rule out, or its pointer may go only into
// variables and parameters the walk follows, whose accesses are all in such branches (a block
// reduction called with one warp). An array whose pointer does escape still gets the remark.
#include <cuda_runtime.h>

// Only accessed when the block has more than one warp.
template <int block_size>
__device__ float blockSum(float v, float* partial) {
  if (block_size > 32) {
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
    __syncthreads();
    v = threadIdx.x < block_size / 32 ? partial[threadIdx.x] : 0.f;
  }
  return v;
}

template <bool use_shared>
__global__ void cached(const float* in, float* out, int n) {
  extern __shared__ float tmp[];
  float sum = 0.f;
  for (int i = threadIdx.x; i < n; i += 32) {
    const float v = in[i];
    if (use_shared) tmp[i] = v;
    sum += use_shared ? tmp[i] : in[i];
  }
  out[threadIdx.x] = sum;
}

template <int block_size>
__global__ void reduced(const float* in, float* out) {
  __shared__ float partial[32];
  float* buf = partial;  // a pointer the walk follows
  float* gate = nullptr;
  gate = partial + 16;
  float v = blockSum<block_size>(in[threadIdx.x], buf);
  if (block_size > 32) v += gate[threadIdx.x % 16];
  out[threadIdx.x] = v;
}

__global__ void escapes(float* out) {
  __shared__ __align__(8) unsigned long long bar;  // expected-remark {{shared array 'bar' not analyzed: it is used, but none of its accesses could be followed}}
  unsigned long long* at = &bar;  // followed here, then its address goes into inline PTX
  const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(at));
  if (threadIdx.x == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
  out[threadIdx.x] = 0.f;
}

void host(const float* in, float* out, int n) {
  cached<false><<<1, 32>>>(in, out, n);  // tmp is never touched: no remark
  cached<true><<<1, 32, 4096>>>(in, out, n);  // its accesses are analyzed
  reduced<32><<<1, 32>>>(in, out);   // one warp: partial is never touched, no remark
  reduced<64><<<1, 64>>>(in, out);   // two warps: its accesses are analyzed
  escapes<<<1, 32>>>(out);
}
