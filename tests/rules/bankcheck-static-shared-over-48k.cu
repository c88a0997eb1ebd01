// bankcheck-static-shared-over-48k: static shared memory over the 48 KB per block that static
// allocations may use (ptxas rejects the kernel). At exactly 48 KB there is nothing to report;
// dynamic shared memory does not count.
// ARGS: --checks=-*,bankcheck-static-shared-over-48k
#include <cuda_runtime.h>

// expected-error@+1 {{kernel 'twoTiles' declares 65536 bytes of static shared memory; static allocations are limited to 49152 bytes per block (sm_90)}} expected-note@+1 {{'a': 32768 bytes}} expected-note@+1 {{'b': 32768 bytes}} expected-note@+1 {{declare the tiles `extern __shared__` and size them at the launch}}
__global__ void twoTiles(float* out) {
    __shared__ float a[8192];
    __shared__ float b[8192];
    a[threadIdx.x] = 1.f;
    b[threadIdx.x] = 2.f;
    __syncthreads();
    out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

__global__ void exactly48k(float* out) {
    __shared__ float a[12288];
    a[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = a[threadIdx.x];
}

__global__ void dynamicOnly(float* out) {
    extern __shared__ float big[];
    big[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = big[threadIdx.x];
}

// One instance per template argument: only the one over the limit is reported.
template <int N>
// expected-error@+1 {{kernel 'tile<16384>' declares 65536 bytes}} expected-note@+1 {{'t': 65536 bytes}} expected-note@+1 {{extern __shared__}}
__global__ void tile(float* out) {
    __shared__ float t[N];
    t[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x];
}

void run(float* out) {
    twoTiles<<<1, 256>>>(out);
    exactly48k<<<1, 256>>>(out);
    dynamicOnly<<<1, 256, 100000>>>(out);
    tile<1024><<<1, 256>>>(out);
    tile<16384><<<1, 256>>>(out);
}
