// Which unrolled reads of a padded row nvcc keeps in one address register (the form ptxas merges
// into LDS.128): `s1[(t + i) + (t + i) / D * P]` for int and unsigned t, rows of 32 and 64, two
// kinds of fill; `s[(t + i) / 32][(t + i) % 32]`; an unsigned quotient inside a loop over a run-time
// count. Read with ./run.sh (PTX only; no GPU needed). docs/hardware-model.md, "A quotient held
// across a group needs nvcc to see it".
#define PADDED(name, T, D, P, INIT)                                                  \
  __global__ void name(float* out) {                                                 \
    __shared__ float s1[64 * 36];                                                    \
    INIT;                                                                            \
    __syncthreads();                                                                 \
    const T t = threadIdx.x * 8;                                                     \
    float acc = 0.f;                                                                 \
    _Pragma("unroll") for (T i = 0; i < 4; ++i) acc += s1[(t + i) + (t + i) / D * P]; \
    out[threadIdx.x] = acc;                                                          \
  }
#define ONE s1[threadIdx.x] = threadIdx.x
#define ALL for (int i = threadIdx.x; i < 64 * 36; i += blockDim.x) s1[i] = i
PADDED(int32_one, int, 32, 4, ONE)
PADDED(int64_one, int, 64, 8, ONE)
PADDED(int32_all, int, 32, 4, ALL)
PADDED(int64_all, int, 64, 8, ALL)
PADDED(unsigned32_one, unsigned, 32, 4, ONE)
PADDED(unsigned64_one, unsigned, 64, 8, ONE)
PADDED(unsigned32_all, unsigned, 32, 4, ALL)
PADDED(unsigned64_all, unsigned, 64, 8, ALL)

__global__ void rowAndColumn(float* out) {
  __shared__ float s[64][32];
  s[0][threadIdx.x] = threadIdx.x;
  __syncthreads();
  const unsigned t = threadIdx.x * 8;
  float acc = 0.f;
#pragma unroll
  for (unsigned i = 0; i < 4; ++i) acc += s[(t + i) / 32][(t + i) % 32];
  out[threadIdx.x] = acc;
}

__global__ void runtimeLoop(float* out, int n) {
  __shared__ float s1[64 * 36];
  s1[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float acc = 0.f;
  for (int d = 0; d < n; ++d) {
    const unsigned t = d * 128 + (threadIdx.x % 32) / 4 * 8;
#pragma unroll
    for (unsigned i = 0; i < 8; ++i) acc += s1[(t + i) + (t + i) / 256 * 4];
  }
  out[threadIdx.x] = acc;
}
