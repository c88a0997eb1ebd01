// A condition on whether a pointer is null (`if (ncols2 > 1 || mask_h)`, ggml's flash attention):
// the analysis does not know, so the access is counted as if it ran, and the note says what was
// assumed in the code's own terms (it said "conversion PointerToBoolean").
__global__ void masked(float* out, const float* mask) {
  __shared__ float s[32][32];
  if (mask) {
    s[threadIdx.x][0] = mask[threadIdx.x];  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{condition at line 6 assumed true: whether the pointer 'mask' is null}} expected-note {{pad 's'}}
  }
  __syncthreads();
  out[threadIdx.x] = s[0][threadIdx.x];  // clean
}

void launch(float* o, const float* m) { masked<<<1, 32>>>(o, m); }
