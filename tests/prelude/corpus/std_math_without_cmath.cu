// std:: math in device code with nothing included: nvcc's implicit cuda_runtime.h brings <cmath>
// and <cstdlib> (LeetCUDA's merge_attn_states calls std::isinf in its kernel and includes only
// torch's headers). Compiled by nvcc and by Clang with the prelude; the same calls after <cmath>,
// <math.h> and <complex> are in std_math_after_cmath() below, so both orders are checked.
__global__ void mathKernel(float* p, double* q, int* r) {
    __shared__ float tile[32];
    tile[threadIdx.x] = std::isinf(p[1]) ? 1.f : std::sqrt(p[2]) + std::fabs(p[3]) + std::exp(p[4]);
    __syncthreads();
    p[threadIdx.x] = tile[31 - threadIdx.x] + std::pow(p[5], 2.f) + std::fmax(p[1], p[2]) + std::floor(p[6]);
    q[0] = std::sqrt(q[1]) + (std::isnan(q[2]) ? 1.0 : 0.0) + std::abs(q[3]) + std::signbit(q[4]) + std::isfinite(q[5]);
    r[0] = std::abs(r[1]) + (isinf(p[6]) ? 1 : 0) + static_cast<int>(sqrt(p[7])) + static_cast<int>(sqrtf(p[8]));
}

float hostSqrt(float x) { return std::sqrt(x); }

#include <cmath>
#include <complex>
#include <math.h>

__global__ void afterCmath(float* p) {
    p[0] = std::isinf(p[1]) ? 0.f : std::sqrt(p[2]) + std::log(p[3]) + (std::isfinite(p[4]) ? 1.f : 0.f);
}

double std_math_after_cmath(double x) { return std::abs(std::complex<double>(x, 1.0)) + std::isnan(x); }

void run(float* p, double* q, int* r) {
    mathKernel<<<1, 32>>>(p, q, r);
    afterCmath<<<1, 32>>>(p);
}
