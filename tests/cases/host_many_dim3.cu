// A host file that builds thousands of dim3 before a launch (faiss's distance code reaches the
// limit through its many launch helpers): a constructor that only initializes members is its
// initializers, not a call counted against the limit on following a function (2000 times), so
// the launch's block shape is still computed (was: "a constructor the host analysis cannot
// follow", and the kernel fell back to the family of shapes).
#include <cuda_runtime.h>

__global__ void columns(float* out) {
    __shared__ float tile[64][64];
    tile[threadIdx.x][0] = out[threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile'}}
    // expected-note@-1 {{block 64x1x1 (launch at host_many_dim3.cu:22)}}
    __syncthreads();
    out[threadIdx.x] = tile[0][threadIdx.x];
}

#define TIMES10(s) s s s s s s s s s s
#define TIMES3(s) s s s

void run(float* out) {
    int total = 0;
    TIMES3(TIMES10(TIMES10(TIMES10({ dim3 g(1, 1); total += g.x; }))))  // 3000 constructions
    columns<<<total % 7 + 1, dim3(64)>>>(out);
}
