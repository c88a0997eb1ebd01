// libcu++ asynchronous copies: a multi-stage cuda::pipeline shared by the block, the per-thread
// pipeline, and cuda::memcpy_async completed on a cuda::barrier.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// nvcc warns that the libcu++ objects below have dynamic initialization; their construction
// is the explicit init()/make_pipeline() call, as in NVIDIA's samples.
#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int STAGES = 3;
constexpr int TILE = 256;

__global__ void staged_sum(const float* __restrict__ in, float* __restrict__ out, int tiles) {
  __shared__ alignas(16) float buf[STAGES][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);

  float acc = 0.0f;
  int fetch = 0;
  for (int compute = 0; compute < tiles; ++compute) {
    for (; fetch < tiles && fetch < compute + STAGES; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * TILE,
                         cuda::aligned_size_t<16>(sizeof(float) * TILE), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += buf[compute % STAGES][threadIdx.x];
    pipe.consumer_release();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

__global__ void per_thread_pipeline(const int4* __restrict__ in, int4* __restrict__ out) {
  __shared__ int4 stage[2][128];
  auto pipe = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[s][threadIdx.x], &in[s * 128 + threadIdx.x], sizeof(int4), pipe);
    pipe.producer_commit();
  }
  cuda::pipeline_consumer_wait_prior<1>(pipe);
  out[threadIdx.x] = stage[0][threadIdx.x];
  pipe.consumer_wait();
  out[128 + threadIdx.x] = stage[1][threadIdx.x];
  pipe.consumer_release();
}

__global__ void barrier_copy(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float tile[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE, bar);
  bar.arrive_and_wait();
  out[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

void launch(const float* in, float* out, int tiles) {
  staged_sum<<<1, TILE>>>(in, out, tiles);
  barrier_copy<<<tiles, TILE>>>(in, out);
}
