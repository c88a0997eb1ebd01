// `using namespace cub;` and `using namespace cooperative_groups;` at file scope, before the fp16
// and bf16 headers are included (ggml's ssm-scan.cu opens cub this way): the prelude's own helper namespaces
// must not become ambiguous with the ones the fp16 header uses.
#include <cub/cub.cuh>
using namespace cub;
#include <cooperative_groups.h>
using namespace cooperative_groups;
#include <cuda_fp16.h>
#include <cuda_bf16.h>

template <int Threads>
__global__ void halves(const __half* in, float* out) {
    typedef BlockReduce<float, Threads> Reduce;
    __shared__ typename Reduce::TempStorage temp;
    thread_block block = this_thread_block();
    __half2 pair;
    pair = __halves2half2(in[block.thread_rank()], in[0]);  // the __half2 assignment, a template
    const float v = __half2float(__hadd(__low2half(pair), __float2half(1.0f)));
    const float s = Reduce(temp).Sum(v);
    if (block.thread_rank() == 0) out[blockIdx.x] = s;
}

void run(const __half* in, float* out) { halves<128><<<4, 128>>>(in, out); }
