// Double buffers swapped on their pointers (`float* t = a; a = b; b = t;` at the end of each
// iteration, as vector-search and stencil kernels write them): each pointer holds one of the
// buffers, the same in every lane of the warp, so an access through it is a uniform shift of a
// computed pattern. Swapped in a nested loop, the outer loop sees the same exchange. A pointer
// swapped under a lane-dependent condition differs between lanes and stays not computed; one
// also given another value is not an exchange.
#include <cuda_runtime.h>

__global__ void swappedEachIteration(const float* in, float* out, int steps, int rounds) {
    extern __shared__ float smem[];
    float* cur = smem;
    float* next = &smem[256];
    for (int r = 0; r < rounds; ++r) {
        cur[threadIdx.x] = in[threadIdx.x];
        for (int s = 0; s < steps; ++s) {
            __syncthreads();
            next[threadIdx.x] = cur[threadIdx.x] + cur[(threadIdx.x + 1) % 256];
            next[threadIdx.x * 2] += 1.f;  // expected-warning {{2-way bank conflict on load from 'smem'}} expected-warning {{2-way bank conflict on store to 'smem'}}
            // expected-note@-1 2 {{'next' (warp-uniform; it takes the value of another of the pointers exchanged across iterations of the loop at line 13)}}
            // expected-note@-2 2 {{'next' (warp-uniform; it takes the value of another of the pointers exchanged across iterations of the loop at line 15)}}
            float* t = cur;
            cur = next;
            next = t;
        }
    }
    out[threadIdx.x] = cur[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'smem'}}
    // expected-note@-1 {{'cur' after the loop at line 13 (warp-uniform; one of the pointers the loop exchanges)}}
}

__global__ void swappedByLane(const float* in, float* out, int steps) {  // expected-remark {{memory accesses in the optimized code not analyzed: 2 loads or stores go through pointers whose memory space could not be determined}}
    __shared__ float bufA[256], bufB[256];
    float* a = bufA;
    float* b = bufB;
    for (int s = 0; s < steps; ++s) {
        a[threadIdx.x] = in[threadIdx.x];  // expected-remark {{bank conflicts of store to 'bufA' not computed: 'a' changes across iterations of the loop at line 34}}
        if (threadIdx.x & 1) {  // lanes of a warp take different branches
            float* t = a;
            a = b;
            b = t;
        }
    }
    out[threadIdx.x] = a[0];  // expected-remark {{bank conflicts of load from 'bufA' not computed: 'a' changes across iterations of the loop at line 34}}
}

__global__ void alsoReset(const float* in, float* out, int steps) {
    extern __shared__ float smem[];
    float* a = smem;
    float* b = smem + 512;
    for (int s = 0; s < steps; ++s) {
        a[threadIdx.x] = in[threadIdx.x];  // expected-remark {{bank conflicts of store to 'a' not computed: 'a' changes across iterations of the loop at line 49}}
        float* t = a;
        a = b;
        b = t;
        if (s == 7) a = smem + threadIdx.x;
    }
    out[threadIdx.x] = a[0];  // expected-remark {{bank conflicts of load from 'smem' not computed: 'a' is changed in one branch at line 54 ('b' changes across iterations of the loop at line 49)}}
}

void run(const float* in, float* out, int steps) {
    swappedEachIteration<<<1, 256, 2048>>>(in, out, steps, 4);
    swappedByLane<<<1, 256>>>(in, out, steps);
    alsoReset<<<1, 256, 4096>>>(in, out, steps);
}
