// CUB's BlockReduce with its default algorithm (BLOCK_REDUCE_WARP_REDUCTIONS): the prelude gives
// it the shared-memory accesses CUB makes (lane 0 of each warp stores the warp's aggregate, the
// block synchronizes, thread 0 reads the other warps'), so they are computed at the call, where
// they were "not walked" (the collective declared only). Each is one lane: conflict-free. The
// synchronization checks take each call as one barrier, as before, and leave these accesses out:
// reusing the TempStorage for a second reduction without a barrier (the race CUB's documentation
// warns of: thread 0 may still read the first reduction's aggregates when another warp's lane 0
// writes the second's) is not reported.
#include <cub/cub.cuh>

__global__ void twoReductions(const float* in, float* out) {
  typedef cub::BlockReduce<float, 256> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const float v = in[threadIdx.x];
  const float sum = BlockReduce(temp).Sum(v);  // clean
  __syncthreads();
  const float largest = BlockReduce(temp).Reduce(v, cub::Max(), 100);  // clean
  if (threadIdx.x == 0) out[blockIdx.x] = sum + largest;
}

__global__ void reusedWithoutBarrier(const float* in, float* out) {
  typedef cub::BlockReduce<float, 128> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const float v = in[threadIdx.x];
  const float sum = BlockReduce(temp).Sum(v);
  const float squares = BlockReduce(temp).Sum(v * v);  // clean (the race above is not modelled)
  if (threadIdx.x == 0) out[blockIdx.x] = sum + squares;
}

// A raking algorithm stays declared only: not walked, with the reason.
__global__ void raking(const float* in, float* out) {
  typedef cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  const float sum = BlockReduce(temp).Sum(in[threadIdx.x]);  // expected-remark {{call to 'BlockReduce' with 'temp' by reference not analyzed: the callee's body is not available}}
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

void launch(const float* in, float* out) {
  twoReductions<<<8, 256>>>(in, out);
  reusedWithoutBarrier<<<8, 128>>>(in, out);
  raking<<<8, 128>>>(in, out);
}
