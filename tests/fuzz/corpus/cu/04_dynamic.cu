extern __shared__ char smem[];
__global__ void dyn(int* o, int n) {
  int* a = reinterpret_cast<int*>(smem);
  short* b = reinterpret_cast<short*>(a + 64);
  a[threadIdx.x * 4] = threadIdx.x;
  b[threadIdx.x] = (short)(threadIdx.x ^ 3);
  unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  o[w] = a[(lane * 33) % 64] + b[lane << 1];
}
void go(int* o) { dyn<<<2, 64, 1024>>>(o, 3); }
