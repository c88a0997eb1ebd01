// Host values computed in floating point, as launch code writes them (`ceil((float)N / Bc)`):
// followed while they are whole numbers, and the rounding of a quotient of integers is exact. A
// loop bounded by such a value is enumerated; a value that is not whole stays unknown. A condition
// on the lanes that depends on an iteration whose trip count is unknown (`if (i * 32 + tx >= N)
// break;`) is assumed true for every lane, with a note.
#include <cuda_runtime.h>
#include <cmath>

__global__ void tiles(float* out, int Tc, int Tr) {
  __shared__ float s[32 * 32];
  for (int j = 0; j < Tc; j++)
    s[threadIdx.x * 32 + j] = 1.0f;  // expected-warning {{8-way bank conflict on store to 's'}} expected-note {{'Tc' = 32: the value every launch in this file passes}} expected-note {{pad 's'}} expected-note {{each row}}
  __syncthreads();
  for (int i = 0; i < Tr; i++)
    out[i] = s[threadIdx.x * 32 + i % 32];  // expected-warning {{32-way bank conflict on load from 's'}} expected-note {{'Tr' = 32: the value every launch in this file passes}}
}

__global__ void fractional(float* out, int n) {
  __shared__ float s[32 * 32];
  for (int j = 0; j < n; j++)
    s[threadIdx.x * 32 + j % 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{the loop at line 20 has an unknown trip count (it depends on 'n' (kernel parameter)); its iterations repeat the same 32 address patterns, each evaluated}} expected-note {{pad 's'}} expected-note {{each row}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void masked(float* out, int Tr, int N) {
  __shared__ float s[32 * 32];
  for (int i = 0; i < Tr; i++) {
    if (i * 32 + threadIdx.x >= N) break;
    s[threadIdx.x * 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{condition at line 29 assumed true for every lane: it depends on the iteration of the loop at line 28, whose trip count is unknown (it depends on 'Tr' (kernel parameter))}} expected-note {{trip count of the loop at line 28 is unknown}} expected-note {{pad 's'}} expected-note {{each row}}
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float* out, int argc) {
  const int N = 1024, Bc = 32;
  const int Tc = ceil((float)N / Bc);
  const int Tr = std::ceil((float)1000 / Bc);
  tiles<<<1, 32>>>(out, Tc, Tr);
  int rows = 100;
  const int n = (float)rows / 3;  // 33.33...: not a whole number, so not followed
  fractional<<<1, 32>>>(out, n);
  masked<<<1, 32>>>(out, argc, 1000);
}
