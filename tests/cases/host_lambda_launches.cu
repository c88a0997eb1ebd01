// Launches written inside lambdas in host code: called at once, nested in another lambda (as
// ATen's dispatch macros nest them), or kept in a variable and called from another lambda. Each
// gives its kernel the block it is launched with (not the assumed family of shapes).
#include <cuda_runtime.h>

template <int Id>
__global__ void transposed(float* out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile' in 'transposed<1>'}} expected-note {{block 32x8x1 (launch at host_lambda_launches.cu:18}} expected-note {{pad 'tile'}} expected-warning {{in 'transposed<2>'}} expected-note {{block 32x16x1 (launch at host_lambda_launches.cu:23}} expected-warning {{in 'transposed<3>'}} expected-note {{block 32x4x1 (launch at host_lambda_launches.cu:28 (called at host_lambda_launches.cu:29))}}
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

int chosenAtRunTime();

void calledAtOnce(float* o) {
  const dim3 block(32, 8);
  [&] { transposed<1><<<1, block>>>(o); }();
}

void nestedAsDispatch(float* o) {
  const dim3 block(32, 16);
  [&] { switch (chosenAtRunTime()) { case 1: { return [&] { transposed<2><<<1, block>>>(o); }(); } default: break; } }();
}

void keptInAVariable(float* o) {
  const dim3 block(32, 4);
  auto launch = [&] { transposed<3><<<1, block>>>(o); };
  [&] { return launch(); }();
}
