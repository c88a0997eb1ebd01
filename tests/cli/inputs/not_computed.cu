// Something of each kind bankcheck cannot compute: a recursive call it does not walk, an
// inline-asm load whose address is not a known shared address, a template never instantiated,
// and an access whose address is loaded from memory.
__device__ float f(float* s, int n) { return n <= 0 ? s[threadIdx.x * 32 % 1024] : f(s, n - 1) + s[(threadIdx.x + n) % 1024]; }
__global__ void k(float* out) {
  __shared__ float s[1024];
  out[threadIdx.x] = f(s, 10);
}
__global__ void k2(const int* idx, float* out) {
  __shared__ float s[1024];
  unsigned a = __cvta_generic_to_shared(s) * 3 + 7;
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a + threadIdx.x * 128));
  out[0] = v + s[idx[threadIdx.x]];
}
template <int N> __global__ void never(float* out) { __shared__ float t[N]; out[0] = t[threadIdx.x]; }
void h(float* o, const int* idx) { k<<<1, 256>>>(o); k2<<<1, 32>>>(idx, o); }
