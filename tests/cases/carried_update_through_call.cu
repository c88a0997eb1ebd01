// A variable carried across loop iterations whose step is computed by a device function
// (`x = (x + stride(3)) % 64`): computing the step inlines the call, which once moved the walker's
// frames (and can grow the current frame's variables) while the loop's summary still pointed into
// them, a heap-use-after-free that corrupted memory and hung or crashed the analysis (found on
// TensorRT's instance norm; AddressSanitizer: KernelWalker.cpp walkLoop). The case runs under the
// sanitizer build too.
__device__ int stride(int k) { int a = k; int b = a + 1; int c = b * 2; return c - 2 * a - 1; }

__global__ void carried(float* out, int n) {
    __shared__ float s[64 * 32];
    int x = threadIdx.x;
    for (int i = 0; i < 8; ++i) {
        s[x * 32] = 1.f;  // expected-warning {{32-way bank conflict on store to 's'}}
        x = (x + stride(3)) % 64;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void run(float* o) { carried<<<1, 32>>>(o, 4); }
