// A pragma as a macro's body (`#define CUTE_UNROLL #pragma unroll`, as older CuTe and CUTLASS
// write it for nvcc): nvcc applies the pragma where the macro expands; Clang saw a stray `#` and
// the kernel did not compile ("expected expression"), so it was not analyzed. The body is read as
// `_Pragma("unroll")`, and the loop is unrolled as nvcc unrolls it.
#define MY_UNROLL #pragma unroll
#define MY_NO_UNROLL #pragma unroll 1

__global__ void columnSums(const float* in, float* out) {
    __shared__ float tile[32][32];
    MY_UNROLL
    for (int r = 0; r < 32; ++r) tile[r][threadIdx.x] = in[r * 32 + threadIdx.x];
    __syncthreads();
    float sum = 0;
    MY_NO_UNROLL
    for (int c = 0; c < 32; ++c) sum += tile[threadIdx.x][c];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = sum;
}

void launch(const float* in, float* out) { columnSums<<<1, 32>>>(in, out); }
