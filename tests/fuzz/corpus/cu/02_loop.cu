#define N 32
__global__ void reduce(float* out) {
  __shared__ float s[N][N];
  for (int j = 0; j < N; j += 8) s[threadIdx.y + j][threadIdx.x] = j;
  __syncthreads();
  if (threadIdx.x < 16) out[threadIdx.x] = s[threadIdx.x][threadIdx.y] + s[threadIdx.x * 2 % N][0];
}
void run(float* o) { dim3 b(N, 8); reduce<<<4, b>>>(o); }
