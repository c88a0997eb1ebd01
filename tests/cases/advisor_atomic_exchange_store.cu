// Exchanges whose old value is not used, written as the stores they are. Lanes that exchange one
// word serialize (32 wavefronts for a warp, measured on the H200); lanes that store to one word
// merge (1). No padding or swizzle can spread a single word, but `atomicExch(p, v);` discards
// what it returns, so it is an atomic store: the advisor writes it `*(volatile T *)p = v`, a
// relaxed store in the PTX memory model (as the cuda-samples' eigenvalue kernels need: every
// unconverged thread clears one flag). An exchange whose result is used stays, with the reason.
#include <cuda_runtime.h>

// A flag passed by reference, cleared by the lanes that are not done (divergent), at two sites.
__device__ void clear_if_not_done(bool done, unsigned int& all_done) {
    if (!done) {
        atomicExch(&all_done, 0);  // expected-warning {{32-way bank conflict on atomic update of 'all_done' (32 wavefronts per warp, ideal 1)}} expected-note {{store to 'all_done' instead of exchanging it: *(volatile unsigned int *)&all_done = 0 (2 calls rewritten); the old value is not used, so each exchange is an atomic store, and lanes that store to one word merge where atomics serialize; no extra shared memory; verified: all 4 accesses of 'all_done' conflict-free after the change}} expected-note {{a volatile store is a relaxed store in the PTX memory model}}
    } else {
        (void)atomicExch(&all_done, 0);  // expected-warning {{32-way bank conflict on atomic update of 'all_done'}}
    }
}

__global__ void converge(const float* in, int* out) {
    __shared__ unsigned int all_done;
    if (threadIdx.x == 0) all_done = 1;
    __syncthreads();
    clear_if_not_done(in[threadIdx.x] > 0.5f, all_done);
    __syncthreads();
    out[threadIdx.x] = all_done;  // clean
}

// An array: lanes on two words, exchanged with the lane's own value (each exchange is still a
// store; which lane's value stays is unspecified either way).
__global__ void two_slots(const float* in, float* out) {
    __shared__ float slot[64];
    atomicExch(&slot[threadIdx.x % 2], in[threadIdx.x]);  // expected-warning {{16-way bank conflict on atomic update of 'slot' (16 wavefronts per warp, ideal 1)}} expected-note {{store to 'slot' instead of exchanging it: *(volatile float *)&slot[threadIdx.x % 2] = in[threadIdx.x] (1 call rewritten)}} expected-note {{a volatile store}}
    __syncthreads();
    out[threadIdx.x] = slot[threadIdx.x % 2];  // clean
}

// The old value is used: the exchange stays an exchange, and the note says why.
__global__ void take_turns(int* out) {
    __shared__ unsigned int turn;
    if (atomicExch(&turn, 1) == 0) out[blockIdx.x] = 1;  // expected-warning {{32-way bank conflict on atomic update of 'turn'}} expected-note {{no fix proposed: 'turn' is a single variable}} expected-note {{the exchange at line 39 (atomicExch(&turn, 1)) is not rewritten as a store: the old value it returns is used}}
}

// A counter whose increment is tested by the condition: its result is used, so ptxas cannot
// aggregate it (ATOMS.ADD, lanes serialize), unlike the discarded `atomicAdd(p, 1)`.
__global__ void first_arrival(int* out) {
    __shared__ unsigned int arrivals;
    if (atomicAdd(&arrivals, 1)) out[blockIdx.x] = 1;  // expected-warning {{32-way bank conflict on atomic update of 'arrivals'}} expected-note {{no fix proposed: 'arrivals' is a single variable}}
    atomicAdd(&arrivals, 1);                            // discarded: aggregated, clean
}

// The exchanged type comes from a template argument: one edit would serve every instantiation
// with the type of one, so none is written.
template <typename T>
__global__ void reset(T value, int* out) {
    __shared__ T word;
    atomicExch(&word, value);  // expected-warning {{32-way bank conflict on atomic update of 'word'}} expected-note {{no fix proposed: 'word' is a single variable}} expected-note {{the exchange at line 55 (atomicExch(&word, value)) is not rewritten as a store: the type it exchanges comes from a template argument}}
    __syncthreads();
    out[threadIdx.x] = word != value;
}

void launch(const float* in, float* f, int* out) {
    converge<<<1, 32>>>(in, out);
    two_slots<<<1, 32>>>(in, f);
    take_turns<<<1, 32>>>(out);
    first_arrival<<<1, 32>>>(out);
    reset<unsigned int><<<1, 32>>>(1u, out);
}
// CHECK-FIXES: *(volatile unsigned int *)&all_done = 0;
// CHECK-FIXES: (void)(*(volatile unsigned int *)&all_done = 0);
// CHECK-FIXES: *(volatile float *)&slot[threadIdx.x % 2] = in[threadIdx.x];
// CHECK-FIXES: if (atomicExch(&turn, 1) == 0)
