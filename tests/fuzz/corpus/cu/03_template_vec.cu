template <int T> __global__ void k(float4* o) {
  __shared__ float4 v[T][T];
  __shared__ double d[64];
  v[threadIdx.x][threadIdx.y] = make_float4(0, 0, 0, 0);
  d[threadIdx.x * 2] = 1.0;
  o[0] = v[threadIdx.y][threadIdx.x];
}
void h(float4* o) { k<16><<<1, dim3(16, 16)>>>(o); k<8><<<1, 64>>>(o); }
