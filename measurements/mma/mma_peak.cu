// The H200's ceiling for mma.sync.m16n8k16 (fp16 in, fp32 accumulate), the instruction the
// reference tensor-core GEMM is built on: warps issue independent mma chains from registers, no
// memory traffic, and the rate is reported in TFLOP/s (to set beside cuBLAS's GEMM at 4096^3,
// which reference-kernels/tools/hgemm_mma_dynamic_variants.cu times).
//   nvcc -arch=sm_90 -O3 -o mma_peak mma_peak.cu && ./mma_peak
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>

template <int CHAINS>
__global__ void mmaLoop(int iters, float* out) {
  unsigned a[4] = {0x3c003c00u ^ threadIdx.x, 0x3c003c00u, 0x3c003c00u, 0x3c003c00u};
  unsigned b[2] = {0x3c003c00u, 0x3c003c00u ^ threadIdx.x};
  float acc[CHAINS][4] = {};
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                   : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
  float s = 0;
#pragma unroll
  for (int c = 0; c < CHAINS; ++c) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
  if (s == 12345.f) out[0] = s;  // keeps the chains alive
}

template <int CHAINS>
void run(int blocksPerSm, int threads, int sms) {
  float* out;
  cudaMalloc(&out, 4);
  const int iters = 4096;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  mmaLoop<CHAINS><<<sms * blocksPerSm, threads>>>(iters, out);
  cudaEventRecord(a);
  for (int r = 0; r < 5; ++r) mmaLoop<CHAINS><<<sms * blocksPerSm, threads>>>(iters, out);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms;
  cudaEventElapsedTime(&ms, a, b);
  const double flops = 5.0 * sms * blocksPerSm * (threads / 32) * (double)iters * CHAINS * 2 * 16 * 8 * 16;
  std::printf("mma.sync m16n8k16 f32: %d chains/warp, %d warps/SM: %.0f TFLOP/s\n", CHAINS, blocksPerSm * threads / 32,
              flops / (ms * 1e9));
  cudaFree(out);
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  run<4>(2, 128, sms);
  run<8>(2, 128, sms);
  run<8>(4, 128, sms);
  run<16>(2, 128, sms);
  run<16>(4, 256, sms);
  run<32>(2, 128, sms);
  return 0;
}
