// A const reference bound to a temporary pointer (`T const& t` with T = uint64_t*, given `&mbar[i]`,
// as CuTe's tuple constructor takes the barrier pointer of a TMA copy) holds the pointer: reading
// the reference reads no shared memory (was: a load of the barrier, 8 bytes, reported at the
// library's line), and what is done through the pointer is the access.
#include <cstdint>

template <class T>
struct Box {
    __device__ Box(T const& t) : value(t) {}
    T value;
};

template <class T>
__device__ T const& pass(T const& t) { return t; }

template <class T>
__device__ T copyOf(T const& t) {
    T copy = t;  // the pointer, not a load of what it points to
    return copy;
}

__global__ void throughTemporaryPointers(uint64_t* out) {
    __shared__ uint64_t bars[64];
    bars[threadIdx.x] = threadIdx.x;
    __syncthreads();
    Box<uint64_t*> box(&bars[threadIdx.x]);
    out[threadIdx.x] = *box.value;  // expected-remark@-1 {{accesses to shared array 'bars' through an object not analyzed}}
    out[threadIdx.x] += *pass<uint64_t*>(&bars[threadIdx.x * 2]);  // expected-warning {{2-way bank conflict on load from 'bars'}}
    out[threadIdx.x] += *copyOf<uint64_t*>(&bars[threadIdx.x * 4]);  // expected-warning {{4-way bank conflict on load from 'bars'}}
}

void run(uint64_t* out) { throughTemporaryPointers<<<1, 32>>>(out); }
