// A 16x16 block: one warp covers two rows of threads. The column read of a 16x16 float tile
// puts 8 distinct words on bank 0 (8-way); padding the row to 17 floats leaves one collision
// between the two rows of the warp (2-way) on the read and on the row-major write (word 32 of
// the second row is bank 0 again): one float of padding is not always enough.
// ARGS: --block transpose16=16x16
template <int COLS>
__global__ void transpose16(const float* in, float* out) {
    __shared__ float t[16][COLS];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];  // expected-warning {{2-way bank conflict on store to 't' in 'transpose16<17>' (2 wavefronts per warp, ideal 1)}}
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];  // expected-warning {{8-way bank conflict on load from 't' in 'transpose16<16>' (8 wavefronts per warp, ideal 1)}} expected-warning {{2-way bank conflict on load from 't' in 'transpose16<17>' (2 wavefronts per warp, ideal 1)}}
}

template __global__ void transpose16<16>(const float*, float*);
template __global__ void transpose16<17>(const float*, float*);
