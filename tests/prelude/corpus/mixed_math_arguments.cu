// pow called with arguments of two types, as device code writes it without casts: nvcc compiles
// these (apex's focal loss calls ::pow(double, float)); the prelude promotes both arguments as
// libstdc++'s templates do (integers to double), so none of the calls is ambiguous, and an exact
// overload still wins: pow(float, int), pow(float, float). (fmax, atan2, fmod and hypot with mixed
// arguments take the same templates here; nvcc needs --expt-relaxed-constexpr for them.)
#include <cuda_runtime.h>

__global__ void mixedPow(double* d, float* f, int n) {
  const double x = d[0];
  const float g = f[0];
  d[1] = ::pow(x, g);
  d[2] = pow(g, x);
  d[3] = pow(n, g);
  d[4] = pow(x, n);
  f[1] = pow(g, 2);
  f[2] = pow(g, g);
}
