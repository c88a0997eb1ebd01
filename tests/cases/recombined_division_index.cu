// A flat index split into a row and a column of a run-time pitch and put back together,
// `s[row * pitch + col]` with row = i / pitch and col = i % pitch, is s[i] whatever the pitch is
// (C defines % so that (i / p) * p + i % p == i): the accesses are computed, not left unknown
// because the pitch is a kernel parameter. A pitch that does not cancel stays unknown.
#include <cuda_fp16.h>

__global__ void splitAndJoin(float* out, int pitch) {
    __shared__ float s[1024];
    const int i = threadIdx.x;
    const int row = i / pitch, col = i % pitch;
    s[row * pitch + col] = 1.f;
    s[2 * (row * pitch + col)] = 2.f;  // expected-warning {{2-way bank conflict on store to 's'}} expected-note {{no fix proposed}} expected-note {{1 of the 3 accesses of 's' could not be computed}}
    __syncthreads();
    out[i] = s[row * 33 + col];  // expected-remark {{not computed}}
}

// The pointer form (two additions, each scaled by the element size), as attention kernels write a
// rotary tile: `*(uint32_t*)(k + half * pitch + intra)` with k = q + dim, dim a kernel parameter.
// An odd dim would leave the 4-byte access off its alignment (it would fault); only the aligned
// shifts are counted, where the shift moves no bank.
__global__ void rotary(unsigned* out, int dim) {
    __shared__ __half q[2048];
    const int t = threadIdx.x, pitch = dim / 2;
    const int half = (t * 2) / pitch, intra = (t * 2) % pitch;
    __half* k = q + dim;
    *reinterpret_cast<unsigned*>(k + half * pitch + intra) = threadIdx.x;  // no warning: counted at even shifts only
    __syncthreads();
    out[threadIdx.x] = reinterpret_cast<unsigned*>(q)[threadIdx.x];
}

void launch(float* o, unsigned* u, int p, int d) {
    splitAndJoin<<<1, 128>>>(o, p);
    rotary<<<1, 32>>>(u, d);
}
