// A struct kernel parameter passed by value to a device function, or copied into a const local,
// is the parameter: its fields read as the parameter's (one symbol each), where before the copy's
// fields were "a member of a non-shared object" and every access through them was unknown.
#include <cuda_fp16.h>

struct Layout {
    int offset;  // a shift of every lane: cannot change the pattern
    int stride;
};

__device__ __forceinline__ float at(const float* s, const Layout l, int i) { return s[l.offset + i * 2]; }  // expected-warning {{2-way bank conflict on load from 's'}}

__global__ void throughHelper(const Layout l, float* out) {
    __shared__ float s[256];
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = at(s, l, threadIdx.x);
}

__global__ void throughConstCopy(const Layout l, float* out) {
    __shared__ float s[256];
    const Layout copy = l;
    s[copy.offset + threadIdx.x] = 1.f;  // conflict-free whatever the offset
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

// ggml's fastmodulo by a run-time divisor (`__umulhi` is evaluated, its divisor is a kernel
// parameter): which lanes read one global line of the cp.async source depends on the divisor.
static __device__ __forceinline__ unsigned fastdiv(unsigned n, const uint3 v) { return (__umulhi(n, v.x) + n) >> v.y; }
static __device__ __forceinline__ unsigned fastmodulo(unsigned n, const uint3 v) { return n - fastdiv(n, v) * v.z; }

__global__ void sourceRowModulo(const half* mask, const uint3 rows, const int stride, half* out) {
    __shared__ __align__(16) half tile[4 * 72];
    const int i = 8 * (threadIdx.x % 8), j = threadIdx.x / 8;
    const int row = fastmodulo(blockIdx.x * 4 + j, rows);
    const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(tile));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(base + j * 144 + i * 2), "l"(mask + int64_t(row) * stride + i));  // expected-remark {{bank conflicts of cp.async into 'tile' not computed: the global source of this cp.async depends on 'rows.y' (kernel parameter) in a way that changes which lanes read one line, and its value is unknown}}
    asm volatile("cp.async.wait_all;");
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

void launch(float* out, half* h, const uint3 rows) {
    throughHelper<<<1, 32>>>(Layout{3, 1}, out);
    throughConstCopy<<<1, 32>>>(Layout{5, 1}, out);
    sourceRowModulo<<<1, 32>>>(h, rows, 64, h);
}
