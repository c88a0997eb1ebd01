// An access whose enumeration stops at the cap on warp instructions (2^17): 512 x 512 iterations,
// each with its own mask of lanes, so every one is a case. Its totals cover only the cases before
// the cap, so the padding is compared before and after over the same cases (the loops covered the
// same way), and the proof says so; a padding that made the loops be covered differently would
// be refused, since its totals would sum other cases.
#include <cuda_runtime.h>

__global__ void capped(float* o) {
  __shared__ float s[32][32];
  for (int i = 0; i < 512; i++)
    for (int y = 0; y < 512; y++)
      if (threadIdx.x > ((i ^ y) & 31)) s[threadIdx.x][y & 31] = i;  // expected-warning {{31-way bank conflict on store to 's'}} expected-note {{enumeration stopped after 131072 warp-instructions}} expected-note {{pad 's' to s[32][32 + 1]: +128 bytes of shared memory per block; capped blocks per SM on sm_90: 32 -> 32; verified: all 2 accesses of 's' conflict-free after the change, in the cases enumerated before the cap on warp instructions (the same cases before and after)}}
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 's'}}
}

void run(float* o) { capped<<<1, 32>>>(o); }
