// A for-loop whose increment steps several variables (`a += 32, b += 1`, as cuda-samples'
// matrixMul and globalToShmemAsyncCopy write their tile loops): the variable the condition reads
// is the induction variable, the others take their closed form like an update at the end of
// the body, so an index that uses them is computed.
#include <cuda_runtime.h>

__global__ void twoSteps(const float* A, float* out, int n) {
    __shared__ float column[32][32];
    __shared__ float row[32][32];
    float acc = 0.f;
    for (int a = 0, b = 0; a < n; a += 32, b += 1) {
        column[threadIdx.x][b % 32] = A[a + threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'column'}}
        row[b % 32][threadIdx.x] = A[a + threadIdx.x];
        __syncthreads();
        acc += column[b % 32][threadIdx.x] + row[threadIdx.x][b % 32];  // expected-warning {{32-way bank conflict on load from 'row'}}
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

// A step the body also changes, under a condition that differs between lanes, is not a closed form
// and not warp-uniform: the index stays unknown, with the reason. (Under `A[a] > 0.f`, one address
// for every lane, `b` would be warp-uniform: tests/cases/uniform_values.cu.)
__global__ void changedInBody(const float* A, float* out, int n) {
    __shared__ float t[32][33];
    for (int a = 0, b = 0; a < n; a += 32, b += 1) {
        if (A[a + threadIdx.x] > 0.f) ++b;
        t[threadIdx.x][b % 32] = A[a + threadIdx.x];  // expected-remark {{bank conflicts of store to 't' not computed}}
    }
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x][0];
}

void launch(const float* A, float* out, int n) {
    twoSteps<<<1, 32>>>(A, out, n);
    changedInBody<<<1, 32>>>(A, out, n);
}
