// A kernel parameter that only divides a warp-uniform part of the address (TensorRT's
// `warp_n = warp / warps_m`): whatever its value, every lane moves together, so the pattern is
// the same for all of them. It is evaluated at 1, never at 0, which no run of the program has
// (a division by zero), and which used to leave the access "not computed: division by zero".
__global__ void dividedByParameter(float* out, int warpsPerGroup, int groups) {
  __shared__ float s[64 * 32];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  s[(warp / warpsPerGroup) * 64 + lane * 2] = out[threadIdx.x];  // expected-warning {{2-way bank conflict on store to 's'}} expected-note {{pad 's'}}
  __syncthreads();
  out[threadIdx.x] = s[(warp % groups) * 32 + lane];  // clean
}

void launch(float* o, int w, int g) { dividedByParameter<<<1, 32>>>(o, w, g); }
