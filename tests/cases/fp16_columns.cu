// fp16 column access: 64 halves per row is 128 bytes, so every lane hits bank 0 (32-way); a
// row of 65 halves is 2-way (rows 2 apart share a bank); 66 halves (one extra 4-byte word)
// is clean. Adjacent halves in one word never conflict (measured on an H200).
#include <cuda_fp16.h>

template <int COLS>
__global__ void columnSum(const __half* in, float* out) {
    __shared__ __half h[64][COLS];
    for (int r = 0; r < 64; ++r) h[r][threadIdx.x] = in[r * 64 + threadIdx.x];
    __syncthreads();
    float s = __half2float(h[threadIdx.x][0]);  // expected-warning {{32-way bank conflict on load from 'h' in 'columnSum<64>' (32 wavefronts per warp, ideal 1)}} expected-warning {{2-way bank conflict on load from 'h' in 'columnSum<65>' (2 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = s;
}

void launch(const __half* in, float* out) {
    columnSum<64><<<1, 64>>>(in, out);
    columnSum<65><<<1, 64>>>(in, out);
    columnSum<66><<<1, 64>>>(in, out);
}
