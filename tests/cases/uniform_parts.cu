// Parts of an address that no launch fixes but that every lane of a warp shares: a base rounded
// up from a runtime size, a per-warp row whose length is a kernel parameter, loop strides made of
// blockDim, integer divisions and narrowing casts. Each only shifts the warp's addresses, so the
// access is computed for every value; what does change the pattern stays not computed.
#include <cstddef>
#include <cuda_runtime.h>

#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

// Two halves of dynamic shared memory, the second starting at C rounded up to 256 floats; a flag
// after both.
__global__ void roundedHalves(float* out, int C) {
    extern __shared__ float sh[];
    float* first = sh;
    float* second = sh + CEIL_DIV(C, 256) * 256;
    int lane = threadIdx.x % 32;
    // 16-byte loads 32 bytes apart: every quarter-warp touches half of the banks twice.
    // expected-warning@+1 {{2-way bank conflict on load from 'second' (8 wavefronts per warp, ideal 4)}} expected-note@+1 {{'C' (kernel parameter) shifts every lane's address by the same amount}}
    float4 v = *reinterpret_cast<float4*>(second + lane * 8);
    *reinterpret_cast<float4*>(first + lane * 4) = v;
    unsigned* flag = reinterpret_cast<unsigned*>(sh + 2 * CEIL_DIV(C, 256) * 256);
    if (threadIdx.x == 0) *flag = 1;
    __syncthreads();
    out[threadIdx.x] = v.x + *flag;
}

// One row of C floats per warp, after two rows of parameters: `(2 + threadIdx.y) * C / 4` is the
// same in every lane when the block's rows are 32 threads wide.
__global__ void rowPerWarp(const float4* in, float4* out, int C) {
    extern __shared__ float4 rows[];
    float4* params = rows;
    float4* mine = rows + (2 + threadIdx.y) * C / 4;
    // The loop's step is made of blockDim; its trip count depends on C. `i / 4` keeps the
    // iteration a whole shift because the dividend cannot be negative.
    for (int i = (threadIdx.x + 32 * threadIdx.y) * 4; i < C; i += blockDim.y * 32 * 4) params[i / 4] = in[i / 4];
    for (int c = threadIdx.x * 4; c < C; c += 32 * 4) mine[c / 4] = in[c / 4];
    __syncthreads();
    // expected-warning@+1 {{2-way bank conflict on load from 'mine' (8 wavefronts per warp, ideal 4)}}
    for (int c = threadIdx.x * 8; c < C; c += 32 * 8) out[c] = mine[c / 4];
}

// The same row with 16-wide rows: threadIdx.y differs inside a warp and multiplies C, which
// changes the pattern.
__global__ void rowPerHalfWarp(const float4* in, float4* out, int C) {
    extern __shared__ float4 rows[];
    float4* mine = rows + (2 + threadIdx.y) * C / 4;
    mine[threadIdx.x] = in[threadIdx.x];  // expected-remark {{the address depends on 'C' (kernel parameter) in a way that changes the pattern, and its value is unknown}}
    __syncthreads();
    out[threadIdx.x] = mine[threadIdx.x];  // expected-remark {{changes the pattern}}
}

// An index computed in size_t and stored in an int (llm.c's `lane * x128::size + c * 256`).
__global__ void narrowedIndex(float* out, int C) {
    extern __shared__ float acc[];
    const size_t perLane = 8;
    int lane = threadIdx.x % 32;
    for (int c = 0; c < CEIL_DIV(C, 256); c++) {
        int g = lane * perLane + c * 256;
        // expected-warning@+1 {{2-way bank conflict on store to 'acc' (8 wavefronts per warp, ideal 4)}}
        *reinterpret_cast<float4*>(acc + g) = make_float4(0.f, 0.f, 0.f, 0.f);
    }
    __syncthreads();
    out[threadIdx.x] = acc[threadIdx.x];
}

// A dividend that is negative for some lanes in the first iteration only: C++ division rounds
// toward zero, so the first iteration's pattern is not a shift of the others'. Not computed.
__global__ void negativeDividend(float* out, int n) {
    __shared__ float s[1024];
    s[threadIdx.x] = 0.f;
    __syncthreads();
    float v = 0.f;
    for (int i = threadIdx.x; i < n; i += 64) v += s[(i - 40) / 2 + 20];  // expected-remark {{the address depends on the iteration of the loop at line 73, whose trip count is unknown}}
    out[threadIdx.x] = v;
}

void run(float* f, const float4* in4, float4* out4, int C, int n) {
    roundedHalves<<<1, 256, 4096>>>(f, C);
    rowPerWarp<<<1, dim3(32, 4), 8192>>>(in4, out4, C);
    rowPerHalfWarp<<<1, dim3(16, 16), 8192>>>(in4, out4, C);
    narrowedIndex<<<1, 32, 4096>>>(f, C);
    negativeDividend<<<1, 64>>>(f, n);
}
