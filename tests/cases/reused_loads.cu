// Loads nvcc does not repeat (mapper/ReusedLoads.h): a value read again through a reference, with
// no store to shared memory, barrier or call between, is the register of the first load
// (cuda-samples' sortingNetworks Comparator, measured on the H200: measurements/public-sorting).
// Each array is read with a stride of two words, a 2-way conflict wherever a load is made.
#include <cuda_runtime.h>

__device__ inline void swapIfGreater(float& a, float& b) {
    if (a > b) {
        float t = a;
        a = b;
        b = t;
    }
}

__global__ void compareExchange(float* data) {
    __shared__ float s[128];
    s[threadIdx.x] = data[threadIdx.x];
    s[threadIdx.x + 64] = data[threadIdx.x + 64];
    __syncthreads();
    swapIfGreater(s[2 * threadIdx.x], s[2 * threadIdx.x + 1]);
    __syncthreads();
    data[threadIdx.x] = s[threadIdx.x];
}

__global__ void readTwice(float* data) {
    __shared__ float s[128];
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    float a = s[2 * threadIdx.x];  // expected-warning {{2-way bank conflict on load from 's'}}
    float b = a > 0.f ? s[2 * threadIdx.x] : 0.f;
    data[threadIdx.x] = a + b;
}

// Made again: through a volatile lvalue, after a store into the array, after a barrier. A store into
// another static array does not stand in the way.
__global__ void madeAgain(float* data) {
    __shared__ float s[128];
    __shared__ float u[64];
    volatile float* v = s;
    s[threadIdx.x] = data[threadIdx.x];
    s[threadIdx.x + 64] = data[threadIdx.x + 64];
    __syncthreads();
    float a = v[2 * threadIdx.x];  // expected-warning {{2-way bank conflict on load from 's'}}
    float b = v[2 * threadIdx.x];  // expected-warning {{2-way bank conflict on load from 's'}}
    float c = s[2 * threadIdx.x + 1];  // expected-warning {{2-way bank conflict on load from 's'}}
    u[threadIdx.x] = a;
    float d = s[2 * threadIdx.x + 1];
    s[2 * threadIdx.x] = b;  // expected-warning {{2-way bank conflict on store to 's'}}
    float e = s[2 * threadIdx.x + 1];  // expected-warning {{2-way bank conflict on load from 's'}}
    __syncthreads();
    float f = s[2 * threadIdx.x + 1];  // expected-warning {{2-way bank conflict on load from 's'}}
    data[threadIdx.x] = a + b + c + d + e + f + u[threadIdx.x];
}

int main() {
    float* d;
    cudaMalloc(&d, 128 * sizeof(float));
    compareExchange<<<1, 64>>>(d);
    readTwice<<<1, 64>>>(d);
    madeAgain<<<1, 64>>>(d);
    return 0;
}
