// Host code that sets an L2 persistence window on a stream and on a launch (cuda-samples'
// simpleAttributes): cudaAccessPolicyWindow, the stream-attribute names CUDA 12 kept as macros of
// the launch attributes, cudaStreamSetAttribute/GetAttribute, cudaCtxResetPersistingL2Cache.
#include <cuda_runtime.h>

__global__ void touch(int* data, int n) {
    __shared__ int tile[128];
    tile[threadIdx.x] = data[(blockIdx.x * 128 + threadIdx.x) % n];
    __syncthreads();
    data[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x];
}

int main() {
    int* data = nullptr;
    const int n = 1 << 20;
    cudaMalloc(&data, n * sizeof(int));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, prop.persistingL2CacheMaxSize);

    cudaStreamAttrValue window;
    window.accessPolicyWindow.base_ptr = data;
    window.accessPolicyWindow.num_bytes = n * sizeof(int);
    window.accessPolicyWindow.hitRatio = 0.6f;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window);
    cudaStreamAttrValue read;
    cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &read);

    touch<<<n / 128, 128, 0, stream>>>(data, n);

    window.accessPolicyWindow.num_bytes = 0;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyNormal;
    cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window);
    cudaCtxResetPersistingL2Cache();
    cudaStreamDestroy(stream);
    cudaFree(data);
    return read.accessPolicyWindow.num_bytes == 0;
}
