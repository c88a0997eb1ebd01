#include <curand_kernel.h>
#include <cufft.h>
__global__ void k(float* out, curandState* st, cufftComplex* c) {
  curandState s = st[threadIdx.x]; curand_init(1234ULL, threadIdx.x, 0, &s);
  out[threadIdx.x] = curand_uniform(&s) + curand_normal(&s) + cuCrealf(c[0]); st[threadIdx.x] = s;
  curandStatePhilox4_32_10_t p; curand_init(1ULL, 0, 0, &p); float4 f = curand_uniform4(&p); out[0] += f.x;
}
int main() { cufftHandle plan; cufftPlan1d(&plan, 256, CUFFT_C2C, 1); cufftExecC2C(plan, nullptr, nullptr, CUFFT_FORWARD); cufftDestroy(plan);
  curandGenerator_t g; curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT); curandGenerateUniform(g, nullptr, 10); static_assert(sizeof(curandState) == 48, ""); static_assert(sizeof(curandStatePhilox4_32_10_t) == 64, ""); return 0; }
