// What nvcc's implicit cuda_runtime.h brings without an #include: <math.h> macros, <limits.h>,
// EXIT_*, the C math library and <cstdlib>/<cstring>/<ctime> functions in host code, and the
// toolkit include guards libraries test (e.g. cuda-samples' helper_cuda.h).
#if !defined(__DRIVER_TYPES_H__) || !defined(__CUDA_RUNTIME_H__) || !defined(CUDART_VERSION)
#error "toolkit guard macros missing"
#endif
#if __CUDACC_VER_MAJOR__ < 12 || CUDART_VERSION < 12000
#error "version macros"
#endif

__global__ void gelu_softmax(float* out, const float* in, int n) {
  __shared__ float tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float maxv = -INFINITY;
  const float c = sqrtf(2.0f / M_PI);
  tile[threadIdx.x] = i < n ? in[i] : NAN;
  __syncthreads();
  for (int k = 0; k < 256; ++k) maxv = fmaxf(maxv, tile[k]);
  float x = tile[threadIdx.x];
  if (i < n && i < INT_MAX && isfinite(x)) out[i] = 0.5f * x * (1.0f + tanhf(c * (x + 0.044715f * x * x * x))) - maxv;
}

int main() {
  const int n = 1 << 10;
  float* h = (float*)malloc(n * sizeof(float));
  if (!h) exit(EXIT_FAILURE);
  memset(h, 0, n * sizeof(float));
  srand((unsigned)time(NULL));
  float err = 0.0f;
  for (int i = 0; i < n; ++i) {
    h[i] = (float)rand() / (float)RAND_MAX;
    err = fmaxf(err, fabs(h[i] - sqrtf(h[i] * h[i])) + (float)exp(0.0) - expf(0.0f));
    if (!isfinite(h[i]) || isnan(h[i])) err = HUGE_VALF;
  }
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  gelu_softmax<<<n / 256, 256>>>(d_out, d_in, n);
  cudaFree(d_in);
  cudaFree(d_out);
  free(h);
  return err < 1e-5f && strlen("ok") == 2 ? EXIT_SUCCESS : EXIT_FAILURE;
}

// glibc's <sys/types.h> names, which <stdlib.h> brings under nvcc (g++ defines _GNU_SOURCE): the
// SGEMM tutorial's kernels index with `uint`.
__global__ void sys_types(float* out) {
  for (uint k = 0; k < 4; ++k) out[k] = static_cast<ushort>(k) + static_cast<ulong>(k);
}

// The signed exact-width types come with <sys/types.h> too (a kernel taking `int64_t*` indices
// compiles under nvcc with no #include); uint32_t and friends do not, there as here.
__global__ void sys_types_exact_width(const int64_t* indices, float* out, int32_t n) {
  const int16_t lane = static_cast<int16_t>(threadIdx.x % 32);
  const int8_t sign = lane < 16 ? 1 : -1;
  if (threadIdx.x < static_cast<uint>(n)) out[threadIdx.x] = static_cast<float>(indices[threadIdx.x] * sign);
}
