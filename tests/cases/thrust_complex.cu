// thrust::complex, which nvcc's toolkit provides and older CuTe names (`using thrust::complex;`):
// the bundled headers define it, aligned to its size as CCCL does, so a complex<float> in shared
// memory moves as one 8-byte access.
#include <thrust/complex.h>

__global__ void twiddle(const float2* in, float* out) {
    __shared__ thrust::complex<float> z[64];
    z[threadIdx.x * 2] = thrust::complex<float>(in[threadIdx.x].x, in[threadIdx.x].y);  // expected-warning {{2-way bank conflict on store to 'z' (4 wavefronts per warp, ideal 2)}}
    __syncthreads();
    const thrust::complex<float> w = thrust::complex<float>(out[threadIdx.x], 1.0f) * thrust::conj(thrust::complex<float>(2.0f));
    out[threadIdx.x] = z[threadIdx.x].real() + thrust::norm(w);  // expected-warning {{2-way bank conflict on load from 'z' (2 wavefronts per warp, ideal 1)}}
}

void launch(const float2* in, float* out) { twiddle<<<1, 32>>>(in, out); }
