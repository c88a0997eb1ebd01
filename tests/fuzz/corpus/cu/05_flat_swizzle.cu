// bankcheck: block(128)
__global__ void flat(float* o) {
  __shared__ float t[32 * 32];
  const int r = threadIdx.x / 32, c = threadIdx.x % 32;
  t[c * 32 + r] = 1.0f;
  __syncthreads();
  o[threadIdx.x] = t[r * 32 + (c ^ (r & 7))];
}
