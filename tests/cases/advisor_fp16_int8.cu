// fp16 needs two halves of padding (one leaves a 2-way conflict), int8 needs four bytes: found
// by the search over the real accesses, not by a rule of thumb.
#include <cuda_fp16.h>
#include <cstdint>

__global__ void halfColumns(const __half* in, __half* out) {
    __shared__ __half h[64][64];
    for (int r = 0; r < 64; ++r) h[r][threadIdx.x] = in[r * 64 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = h[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 'h'}} expected-note {{pad 'h' to h[64][64 + 2]: +256 bytes}}
}

__global__ void byteColumns(const int8_t* in, int8_t* out) {
    __shared__ int8_t q[128][128];
    for (int r = 0; r < 128; ++r) q[r][threadIdx.x] = in[r * 128 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = q[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 'q'}} expected-note {{pad 'q' to q[128][128 + 4]: +512 bytes}}
}

void launch(const __half* h, __half* o, const int8_t* q, int8_t* p) {
    halfColumns<<<1, 64>>>(h, o);
    byteColumns<<<1, 128>>>(q, p);
}
