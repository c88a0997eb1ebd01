// `extern __shared__` with every extent given, as apex's permutation search writes it: nvcc 13
// treats the declaration as a static definition (its warning 20044, "extern declaration of the
// entity s is treated as a static definition"); Clang rejects it. bankcheck reads it as nvcc does:
// a static 32x32 tile, whose column reads conflict 32 ways. The dynamic buffer (`[]`) is unchanged.
__global__ void columns(const float* in, float* out) {
    extern __shared__ float s[32][32];
    extern __shared__ float dynamic[];
    s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    dynamic[threadIdx.y * 32 + threadIdx.x] = 0.f;
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x][threadIdx.y] + dynamic[threadIdx.x];  // expected-warning {{32-way bank conflict on load from 's' (32 wavefronts per warp, ideal 1)}}
}

void run(const float* in, float* out) { columns<<<1, dim3(32, 32), 4096>>>(in, out); }
