// A dynamic `extern __shared__` buffer carved into typed arrays, with the size passed at launch
// and the >48 KB opt-in on the host side.
// IR-KERNEL: carved block=128x1x1 source=launch
// IR-ARRAY: smem dims= elem=char dynamic
// IR-ARRAY: As elem=float carved=smem offset=0
// IR-ARRAY: Bs elem=float carved=smem offset=32768
// IR-ARRAY: flags elem=int carved=smem offset=65536
#include <cuda_runtime.h>
constexpr int N = 8192;

__global__ void carved(const float* in, float* out) {
    extern __shared__ __align__(16) char smem[];
    float* As = reinterpret_cast<float*>(smem);
    float* Bs = As + N;
    int* flags = reinterpret_cast<int*>(smem + 2 * N * sizeof(float));
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        As[i] = in[i];       // IR: store As w=4 at(5,iter=1)=532 loops=1
        Bs[i] = 2 * in[i];   // IR: store Bs w=4 at(5,iter=1)=532 loops=1
    }
    flags[threadIdx.x] = 0;  // IR: store flags w=4 at(3)=12
    __syncthreads();
    out[threadIdx.x] = As[threadIdx.x * 2] + Bs[threadIdx.x];  // IR: load As w=4 at(3)=24 // IR: load Bs w=4 at(3)=12
}

void launch(const float* in, float* out) {
    const size_t bytes = 2 * N * sizeof(float) + 128 * sizeof(int);
    cudaFuncSetAttribute(carved, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes));
    carved<<<1, 128, bytes>>>(in, out);
}
