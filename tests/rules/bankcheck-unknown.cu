// bankcheck-unknown: an access whose conflicts are not computed is reported with the reason, never
// counted as conflict-free. Reported: an index loaded from global memory, and an index from a
// kernel parameter whose value changes the pattern. Not reported: an access that is computed.
// ARGS: --checks=-*,bankcheck-unknown
#include <cuda_runtime.h>

__global__ void gather(const int* idx, const float* in, float* out, int stride) {
    __shared__ float s[1024];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[idx[threadIdx.x]] + s[(threadIdx.x * stride) % 1024];  // expected-remark {{bank conflicts of load from 's' not computed: value loaded from memory (pointer parameter 'idx' (global memory))}} expected-remark {{bank conflicts of load from 's' not computed: the address depends on 'stride' (kernel parameter) in a way that changes the pattern, and its value is unknown}}
}

void launch(const int* idx, const float* in, float* out, int stride) { gather<<<1, 256>>>(idx, in, out, stride); }
