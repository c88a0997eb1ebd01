// int8 column access: 128 bytes per row puts the column in one bank (32-way), 129 bytes is
// 4-way (four rows share a word's bank), 132 bytes (one extra word) is clean.
#include <cstdint>

template <int COLS>
__global__ void columnSum(const int8_t* in, int* out) {
    __shared__ int8_t q[128][COLS];
    for (int r = 0; r < 128; ++r) q[r][threadIdx.x] = in[r * 128 + threadIdx.x];
    __syncthreads();
    int s = q[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 'q' in 'columnSum<128>' (32 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on load from 'q' in 'columnSum<129>' (4 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = s;
}

void launch(const int8_t* in, int* out) {
    columnSum<128><<<1, 128>>>(in, out);
    columnSum<129><<<1, 128>>>(in, out);
    columnSum<132><<<1, 128>>>(in, out);
}
