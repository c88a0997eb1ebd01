// The shared-memory guide's transpose (seeds/002, section 11.4), with the 32x32 tile and the
// padded 32x33 one, launched with 32x32 blocks.
// IR-KERNEL: transposeNaive block=32x32x1 source=launch
// IR-KERNEL: transposePadded block=32x32x1 source=launch
// IR-ARRAY: tile dims=32x32 elem=float size=4096
// IR-ARRAY: tile dims=32x33 elem=float size=4224
#include <cuda_runtime.h>

__global__ void transposeNaive(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];   // IR: store tile w=4 at(1,2)=260 at(31,31)=4092
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];  // IR: load tile w=4 at(1,2)=136 at(3,0)=384
}

__global__ void transposePadded(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];   // IR: store tile w=4 at(1,2)=268
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];  // IR: load tile w=4 at(1,2)=140 at(3,0)=396
}

void launch(const float* in, float* out, int n) {
    dim3 block(32, 32);
    dim3 grid(n / 32, n / 32);
    transposeNaive<<<grid, block>>>(in, out, n, n);
    transposePadded<<<grid, block>>>(in, out, n, n);
}
