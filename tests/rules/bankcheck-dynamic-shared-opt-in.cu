// bankcheck-dynamic-shared-opt-in: over 48 KB of shared memory per block, a launch needs the
// kernel's dynamic limit raised by cudaFuncSetAttribute(kernel,
// cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) first. Raised high enough (constant or not):
// nothing to report; not raised, or raised too little: a warning.
// ARGS: --checks=-*,bankcheck-dynamic-shared-opt-in
#include <cuda_runtime.h>

template <int BK>
__global__ void tiled(float* out) {
    extern __shared__ float tiles[];
    tiles[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = tiles[threadIdx.x];
}

// expected-warning@+1 {{the launch at bankcheck-dynamic-shared-opt-in.cu:51 asks for 98304 bytes of dynamic shared memory (98304 per block with the static); over 49152 bytes a kernel must opt in, and no cudaFuncSetAttribute('forgotten', cudaFuncAttributeMaxDynamicSharedMemorySize, ...) in this file raises it}} expected-note@+1 {{call cudaFuncSetAttribute(forgotten, cudaFuncAttributeMaxDynamicSharedMemorySize, 98304) before the launch}}
__global__ void forgotten(float* out) {
    extern __shared__ float s[];
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

// 16 KB static plus 40 KB dynamic is over 48 KB too.
// expected-warning@+1 {{asks for 40960 bytes of dynamic shared memory (57344 per block with the static)}} expected-note@+1 {{cudaFuncSetAttribute(mixed}}
__global__ void mixed(float* out) {
    __shared__ float fixedPart[4096];
    extern __shared__ float rest[];
    fixedPart[threadIdx.x] = 1.f;
    rest[threadIdx.x] = 2.f;
    __syncthreads();
    out[threadIdx.x] = fixedPart[threadIdx.x] + rest[threadIdx.x];
}

__global__ void viaPointer(float* out) {
    extern __shared__ float s[];
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void run(float* out, int runtimeBytes) {
    auto fp = viaPointer;  // opted in and launched through a variable: clean
    cudaFuncSetAttribute(fp, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
    fp<<<1, 256, 65536>>>(out);
    cudaFuncSetAttribute(tiled<32>, cudaFuncAttributeMaxDynamicSharedMemorySize, 98304);
    tiled<32><<<1, 256, 98304>>>(out);  // raised enough: clean
    cudaFuncSetAttribute((const void*)tiled<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, runtimeBytes);
    tiled<64><<<1, 256, 131072>>>(out);  // raised to a value not known here: clean
    tiled<16><<<1, 256, 49152>>>(out);  // exactly 48 KB needs no opt-in
    forgotten<<<1, 256, 98304>>>(out);
    mixed<<<1, 256, 40960>>>(out);
}
