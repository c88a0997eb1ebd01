// Probe for issue 10, "predict the merges nvcc makes in unrolled loops over narrow types": which
// SASS widths ptxas emits for N consecutive accesses of a T in a `#pragma unroll` loop, starting
// at column COL0 of rows of W elements. Compiled only (narrow-widths.sh reads the SASS); each
// pattern is on its own line so that per-kernel, per-line SASS counts compare with bankcheck.
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

template <typename T> __device__ float toFloat(T v) { return static_cast<float>(v); }
template <> __device__ float toFloat(__half v) { return __half2float(v); }
template <> __device__ float toFloat(__nv_bfloat16 v) { return __bfloat162float(v); }
template <typename T> __device__ T fromFloat(float v) { return static_cast<T>(v); }
template <> __device__ __half fromFloat(float v) { return __float2half(v); }
template <> __device__ __nv_bfloat16 fromFloat(float v) { return __float2bfloat16(v); }

template <typename T, int N, int COL0, int W>
__global__ void loadRow(const T* in, float* out) {
  __shared__ T tile[32][W];
  for (int i = threadIdx.x; i < 32 * W; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  float s = 0.f;
#pragma unroll
  for (int c = 0; c < N; ++c) s += toFloat(tile[threadIdx.x][COL0 + c]);
  out[threadIdx.x] = s;
}

template <typename T, int N, int COL0, int W>
__global__ void storeRow(const float* in, T* out) {
  __shared__ T tile[32][W];
#pragma unroll
  for (int c = 0; c < N; ++c) tile[threadIdx.x][COL0 + c] = fromFloat<T>(in[c * 32 + threadIdx.x]);
  __syncthreads();
  for (int i = threadIdx.x; i < 32 * W; i += 32) out[i] = (&tile[0][0])[i];
}

// __hfma consumers (the values stay __half), as in half-precision GEMM inner loops.
template <int N, int W>
__global__ void loadRowHfma(const __half* in, __half* out) {
  __shared__ __half tile[32][W];
  for (int i = threadIdx.x; i < 32 * W; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  __half s = in[threadIdx.x];
#pragma unroll
  for (int c = 0; c < N; ++c) s = __hfma(tile[threadIdx.x][c], tile[threadIdx.x ^ 1][c], s);
  out[threadIdx.x] = s;
}

// Consumers other than a conversion to float: ptxas's merging of 8- and 16-bit loads depends on
// what uses the values (round 2 of the probe).
template <typename T, typename Op, int N>
__global__ void loadRowOp(const T* in, T* out) {
  __shared__ T tile[32][64];
  for (int i = threadIdx.x; i < 32 * 64; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  T s = in[threadIdx.x];
#pragma unroll
  for (int c = 0; c < N; ++c) s = Op()(s, tile[threadIdx.x][c]);
  out[threadIdx.x] = s;
}
struct FmaOp { template <typename T> __device__ T operator()(T s, T v) const { return __hfma(v, v, s); } };
struct AddOp { template <typename T> __device__ T operator()(T s, T v) const { return s + v; } };
struct OrShiftOp { template <typename T> __device__ T operator()(T s, T v) const { return static_cast<T>((s << 3) | v); } };

// Pairs of halves packed into a __half2 and used by a paired instruction.
template <int N>
__global__ void loadPairs(const __half* in, __half2* out) {
  __shared__ __half tile[32][64];
  for (int i = threadIdx.x; i < 32 * 64; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  __half2 s = __halves2half2(in[0], in[1]);
#pragma unroll
  for (int c = 0; c < N; c += 2) s = __hfma2(__halves2half2(tile[threadIdx.x][c], tile[threadIdx.x][c + 1]), s, s);
  out[threadIdx.x] = s;
}

// Round 3: integer values widened to int, and bf16 converted by the usual spellings.
template <typename T, int N>
__global__ void loadRowInt(const T* in, int* out) {
  __shared__ T tile[32][64];
  for (int i = threadIdx.x; i < 32 * 64; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  int s = 0;
#pragma unroll
  for (int c = 0; c < N; ++c) s += tile[threadIdx.x][c] * (c + 1);
  out[threadIdx.x] = s;
}
template <int N>
__global__ void loadBf16Spellings(const __nv_bfloat16* in, float* out) {
  __shared__ __nv_bfloat16 tile[32][64];
  for (int i = threadIdx.x; i < 32 * 64; i += 32) (&tile[0][0])[i] = in[i];
  __syncthreads();
  float s = 0.f, t = 0.f;
#pragma unroll
  for (int c = 0; c < N; ++c) s += __bfloat162float(tile[threadIdx.x][c]);
#pragma unroll
  for (int c = 0; c < N; ++c) t += static_cast<float>(tile[threadIdx.x ^ 1][c]);
  out[threadIdx.x] = s + t;
}

template <typename T, int N, int W> void launchRow(const T* in, float* fin, float* out, T* tout) {
  loadRow<T, N, 0, W><<<1, 32>>>(in, out);
  loadRow<T, N, 2, W><<<1, 32>>>(in, out);
  loadRow<T, N, 4, W><<<1, 32>>>(in, out);
  storeRow<T, N, 0, W><<<1, 32>>>(fin, tout);
  storeRow<T, N, 4, W><<<1, 32>>>(fin, tout);
}

template <typename T> void launchType(const T* in, float* fin, float* out, T* tout) {
  launchRow<T, 2, 64>(in, fin, out, tout);
  launchRow<T, 4, 64>(in, fin, out, tout);
  launchRow<T, 8, 64>(in, fin, out, tout);
  launchRow<T, 16, 64>(in, fin, out, tout);
  launchRow<T, 8, 66>(in, fin, out, tout);
  launchRow<T, 8, 68>(in, fin, out, tout);
}

void launchAll(void* buf, float* fin, float* out) {
  launchType(static_cast<const __half*>(buf), fin, out, static_cast<__half*>(buf));
  launchType(static_cast<const __nv_bfloat16*>(buf), fin, out, static_cast<__nv_bfloat16*>(buf));
  launchType(static_cast<const short*>(buf), fin, out, static_cast<short*>(buf));
  launchType(static_cast<const int8_t*>(buf), fin, out, static_cast<int8_t*>(buf));
  launchType(static_cast<const float*>(buf), fin, out, static_cast<float*>(buf));
  loadRowHfma<4, 64><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half*>(buf));
  loadRowHfma<8, 64><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half*>(buf));
  loadRowHfma<16, 64><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half*>(buf));
  using bf16 = __nv_bfloat16;
  loadRowOp<bf16, FmaOp, 4><<<1, 32>>>(static_cast<const bf16*>(buf), static_cast<bf16*>(buf));
  loadRowOp<bf16, FmaOp, 8><<<1, 32>>>(static_cast<const bf16*>(buf), static_cast<bf16*>(buf));
  loadRowOp<bf16, AddOp, 8><<<1, 32>>>(static_cast<const bf16*>(buf), static_cast<bf16*>(buf));
  loadRowOp<__half, AddOp, 8><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half*>(buf));
  loadRowOp<int8_t, AddOp, 8><<<1, 32>>>(static_cast<const int8_t*>(buf), static_cast<int8_t*>(buf));
  loadRowOp<uint8_t, OrShiftOp, 4><<<1, 32>>>(static_cast<const uint8_t*>(buf), static_cast<uint8_t*>(buf));
  loadRowOp<uint8_t, OrShiftOp, 8><<<1, 32>>>(static_cast<const uint8_t*>(buf), static_cast<uint8_t*>(buf));
  loadRowOp<uint8_t, OrShiftOp, 16><<<1, 32>>>(static_cast<const uint8_t*>(buf), static_cast<uint8_t*>(buf));
  loadRowOp<short, AddOp, 8><<<1, 32>>>(static_cast<const short*>(buf), static_cast<short*>(buf));
  loadRow<uint8_t, 8, 0, 64><<<1, 32>>>(static_cast<const uint8_t*>(buf), out);
  loadRow<uint8_t, 16, 0, 64><<<1, 32>>>(static_cast<const uint8_t*>(buf), out);
  loadPairs<8><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half2*>(buf));
  loadRowInt<short, 8><<<1, 32>>>(static_cast<const short*>(buf), static_cast<int*>(buf));
  loadRowInt<unsigned short, 8><<<1, 32>>>(static_cast<const unsigned short*>(buf), static_cast<int*>(buf));
  loadRowInt<int8_t, 8><<<1, 32>>>(static_cast<const int8_t*>(buf), static_cast<int*>(buf));
  loadBf16Spellings<8><<<1, 32>>>(static_cast<const bf16*>(buf), out);
  loadPairs<16><<<1, 32>>>(static_cast<const __half*>(buf), static_cast<__half2*>(buf));
}
