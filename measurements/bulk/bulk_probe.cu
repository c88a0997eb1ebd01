// cp.async.bulk (UBLKCP, the 1-D bulk copy global -> shared through an mbarrier) on the H200:
// does the shared destination's bank layout change what the copy costs?
// Each pattern: NCOPY copies of SIZE bytes, copy i written to shared byte offset i * STRIDE + OFF
// (so a STRIDE of SIZE is contiguous, 128 or 512 put every copy on the same banks), all issued by
// lane 0 of each warp, then waited for on the warp's mbarrier.
//  counters: one warp, one batch per launch; ncu reads the launch's shared-memory counters.
//  timing:   264 blocks x 8 warps, each warp ITERS batches into its own 16 KB region, timed with
//            cudaEvents (the copies' sources cycle over 8 MB so that they come from L2).
// Input lines: SIZE NCOPY STRIDE OFF
#include <cstdio>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s line %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
constexpr int REGION = 16384;
__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void batch(uint32_t dst, const char* src, int size, int ncopy, int stride, uint32_t bar, int phase) {
  if ((threadIdx.x & 31) == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(size * ncopy) : "memory");
    for (int i = 0; i < ncopy; ++i)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"(dst + i * stride), "l"(src + i * size), "r"(size), "r"(bar) : "memory");
  }
  asm volatile("{\n .reg .pred p;\n WAIT_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra WAIT_%=;\n}"
               ::"r"(bar), "r"(phase) : "memory");
}
__global__ void one(const char* g, int size, int ncopy, int stride, int off, uint32_t* out) {
  __shared__ __align__(128) char buf[REGION];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(saddr(&bar)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  batch(saddr(buf) + off, g, size, ncopy, stride, saddr(&bar), 0);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = buf[off];
}
__global__ void timed(const char* g, int size, int ncopy, int stride, int off, int iters, uint32_t* out) {
  extern __shared__ __align__(128) char smem[];
  __shared__ __align__(8) uint64_t bars[8];
  const int warp = threadIdx.x / 32;
  if ((threadIdx.x & 31) == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(saddr(&bars[warp])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncwarp();
  const uint32_t dst = saddr(smem + warp * REGION) + off;
  const char* src = g + ((blockIdx.x * 8 + warp) % 512) * 16384;
  for (int i = 0; i < iters; ++i) batch(dst, src, size, ncopy, stride, saddr(&bars[warp]), i & 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = smem[off];
}
int main(int argc, char** argv) {
  if (argc < 3) { printf("usage: bulk_probe counters|timing patterns.txt [iters]\n"); return 2; }
  std::string mode = argv[1];
  std::ifstream in(argv[2]); std::string line; uint32_t* out; char* g;
  int iters = argc > 3 ? atoi(argv[3]) : 2048;
  CHECK(cudaMalloc(&out, 1 << 16)); CHECK(cudaMemset(out, 0, 1 << 16));
  CHECK(cudaMalloc(&g, 8 << 20)); CHECK(cudaMemset(g, 1, 8 << 20));
  CHECK(cudaFuncSetAttribute(timed, cudaFuncAttributeMaxDynamicSharedMemorySize, 8 * REGION));
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line); int size, ncopy, stride, off; ss >> size >> ncopy >> stride >> off;
    if (mode == "counters") {
      one<<<1, 32>>>(g, size, ncopy, stride, off, out);
      CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    } else {
      cudaEvent_t ev0, ev1; cudaEventCreate(&ev0); cudaEventCreate(&ev1);
      timed<<<264, 256, 8 * REGION>>>(g, size, ncopy, stride, off, iters / 8, out);
      cudaEventRecord(ev0);
      timed<<<264, 256, 8 * REGION>>>(g, size, ncopy, stride, off, iters, out);
      cudaEventRecord(ev1); CHECK(cudaEventSynchronize(ev1)); CHECK(cudaGetLastError());
      float ms = 0; cudaEventElapsedTime(&ms, ev0, ev1);
      double copiesPerSm = 264.0 * 8 * iters * ncopy / 132.0;
      printf("%d size=%d ncopy=%d stride=%d off=%d %.4f ms %.3f ns/copy/SM %.1f GB/s\n", n, size, ncopy, stride, off, ms,
             ms * 1e6 / copiesPerSm, 264.0 * 8 * iters * ncopy * size / (ms * 1e6));
    }
    ++n;
  }
  fprintf(stderr, "ran %d patterns\n", n);
  return 0;
}
