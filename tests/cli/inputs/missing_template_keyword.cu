// A member template of a dependent class named without `template`: nvcc calls it, Clang parses
// comparisons. The kernel is not analyzed, with the edit that makes it analyzable; it is not an
// input error (exit 0, not 2), and the other kernel of the file is analyzed.
template <int A, int B>
struct Sums {
    template <int N>
    static __device__ void dispatch(float* s, int t) { s[t * 2] = 1.f; }
};

namespace ns {
template <int A> struct Scaled {
    template <int N> static __device__ void apply(float* s, int t) { s[t] = 2.f; }
};
}
template <int P, int THREADS>
__global__ void withNamespace(float* out) {
    __shared__ float smem[2 * THREADS];
    ns::Scaled<sizeof(float) * P>::apply<THREADS>(smem, threadIdx.x);
    out[threadIdx.x] = smem[threadIdx.x];
}
template <int P, int THREADS>
__global__ void withoutTemplateKeyword(float* out) {
    __shared__ float smem[2 * THREADS];
    Sums<P, 4>::dispatch<THREADS>(smem, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = smem[threadIdx.x];
}

__global__ void transposeTile(float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.x][threadIdx.y] = 1.f;
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

void run(float* out) {
    withoutTemplateKeyword<2, 128><<<1, 128>>>(out);
    withNamespace<2, 128><<<1, 128>>>(out);
    transposeTile<<<1, dim3(32, 32)>>>(out);
}
