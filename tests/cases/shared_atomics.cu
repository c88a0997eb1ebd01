// Shared-memory atomics (ATOMS): unlike a load, lanes on the same word are not merged, every
// lane's update is its own, so a warp takes as many wavefronts as the most active lanes in one
// bank (the rule fitted to the H200 measurements, docs/hardware-model.md). One counter updated by
// the whole warp is 32 updates in a row; a bin per lane is one wavefront; 4 lanes per bin, 4.
// Two forms differ, as measured: atomicCAS (and a float atomicAdd, a CAS loop) moves two
// operands, twice the passes; an `atomicAdd(p, 1)` whose result is unused becomes a
// warp-aggregated increment (ATOMS.POPC.INC), where lanes on one word are one update.
#include <cuda_runtime.h>

__global__ void counters(const unsigned* in, unsigned* out) {
    __shared__ unsigned total;
    __shared__ unsigned perLane[256];
    __shared__ unsigned quads[64];
    __shared__ unsigned strided[256];
    __shared__ unsigned long long wide[32];
    __shared__ unsigned hist[256];
    __shared__ unsigned flags[32];
    __shared__ unsigned counter;
    __shared__ float fsum;
    const unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (threadIdx.x == 0) total = 0;
    perLane[threadIdx.x] = 0;
    hist[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&total, v);                                   // expected-warning {{32-way bank conflict on atomic update of 'total' (32 wavefronts per warp, ideal 1)}}
    atomicAdd(&perLane[threadIdx.x], v);                    // one lane per bank: clean
    atomicMax(&quads[threadIdx.x / 4], v);                  // expected-warning {{4-way bank conflict on atomic update of 'quads' (4 wavefronts per warp, ideal 1)}}
    atomicAdd(&strided[(threadIdx.x * 32) % 256], 1u);      // aggregated, 8 words of bank 0: expected-warning {{8-way bank conflict on atomic update of 'strided' (8 wavefronts per warp, ideal 1)}}
    atomicAdd(&wide[threadIdx.x % 32], 1ull);               // expected-remark {{atomic update of 'wide' not computed: only 4-byte shared atomics are measured}}
    const unsigned old = atomicCAS(&flags[(threadIdx.x % 4) * 8], 0u, v);  // expected-warning {{8-way bank conflict on atomic update of 'flags' (16 wavefronts per warp, ideal 2)}}
    atomicAdd(&counter, 1u);                                // aggregated: one word, one update: clean
    const unsigned before = atomicAdd(&counter, 1u);        // expected-warning {{32-way bank conflict on atomic update of 'counter' (32 wavefronts per warp, ideal 1)}}
    atomicAdd(&fsum, 1.0f);                                 // expected-warning {{32-way bank conflict on atomic update of 'fsum' (64 wavefronts per warp, ideal 2)}}
    atomicAdd(&hist[v % 256], 1u);                          // expected-remark {{atomic update of 'hist' not computed: value loaded from memory}}
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = total + perLane[threadIdx.x] + quads[threadIdx.x / 4] + strided[threadIdx.x] + hist[threadIdx.x] + unsigned(wide[threadIdx.x % 32]) + old + before + unsigned(fsum);
}

void launch(const unsigned* in, unsigned* out) { counters<<<64, 256>>>(in, out); }
