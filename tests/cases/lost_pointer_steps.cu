// A shared pointer the walk stops following (it changes across iterations, and a lane may skip
// the rest of one, so its lanes differ) is still a pointer into the array: stepped (`p++`,
// `p + 1`, `p += n`) or passed to a helper that steps it, every access through it is reported as
// not computed, with the reason it was lost. These accesses used to vanish without a word once
// the pointer had been stepped.
#include <cuda_fp16.h>

__device__ float sum4(const half* a) {
    float r = 0.f;
    for (int i = 0; i < 4; i++) r += __half2float(*a++);  // expected-remark {{bank conflicts of load from 'tile' not computed: 'p' changes across iterations of the loop at line 19}}
    return r;
}

__global__ void steppedAfterItWasLost(const float* in, half* out, int n) {
    __shared__ half tile[64][64];
    tile[threadIdx.x / 64][threadIdx.x % 64] = __float2half(in[threadIdx.x]);
    float acc = 0.f;
    const half* p = &tile[0][0];
    for (int j = 0; j < n; j++) {
        if (in[threadIdx.x * n + j] < 0.f) continue;       // some lanes skip the step below
        acc += __half2float(*p++);                          // expected-remark {{bank conflicts of load from 'tile' not computed: 'p' changes across iterations of the loop at line 19}}
        acc += __half2float(p[1]);                          // expected-remark {{bank conflicts of load from 'tile' not computed: 'p' changes across iterations of the loop at line 19}}
        acc += __half2float(*(p + 2));                      // expected-remark {{bank conflicts of load from 'tile' not computed: 'p' changes across iterations of the loop at line 19}}
        acc += sum4(p);
        if (j % 3 == 1) p += 64;
    }
    out[threadIdx.x] = __float2half(acc);
}

void run(const float* in, half* out, int n) { steppedAfterItWasLost<<<1, 64>>>(in, out, n); }
