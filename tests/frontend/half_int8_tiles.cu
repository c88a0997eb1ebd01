// fp16 and int8 tiles, a half2 view, and a char4 vector access.
// IR-KERNEL: halfTile block=64x4x1 source=annotation
// IR-KERNEL: int8Tile block=128x1x1 source=__launch_bounds__
// IR-ARRAY: h dims=64x66 elem=__half size=8448
// IR-ARRAY: q dims=128x132 elem=int8_t size=16896
#include <cuda_fp16.h>
#include <cstdint>

// bankcheck: block(64, 4)
__global__ void halfTile(const __half* in, __half* out) {
    __shared__ __half h[64][66];
    h[threadIdx.y * 16][threadIdx.x] = in[threadIdx.x];  // IR: store h w=2 at(3,1)=2118
    __syncthreads();
    __half2 pair = reinterpret_cast<const __half2*>(&h[threadIdx.x][0])[threadIdx.y];  // IR: load h w=4 at(3,1)=400
    out[threadIdx.x] = __hadd(h[threadIdx.x][threadIdx.y], __low2half(pair));  // IR: load h w=2 at(3,1)=398
}

__global__ void __launch_bounds__(128) int8Tile(const int8_t* in, int8_t* out) {
    __shared__ int8_t q[128][132];
    for (int r = 0; r < 128; ++r) q[r][threadIdx.x] = in[r * 128 + threadIdx.x];  // IR: store q w=1 at(5,r=2)=269 loops=1
    __syncthreads();
    char4 v = *reinterpret_cast<const char4*>(&q[threadIdx.x][4]);  // IR: load q w=4 at(3)=400
    int s = 0;
    for (int c = 0; c < 128; ++c) s += q[threadIdx.x][c];  // IR: load q w=1 at(3,c=7)=403 loops=1
    out[threadIdx.x] = static_cast<int8_t>(s + v.x);
}
