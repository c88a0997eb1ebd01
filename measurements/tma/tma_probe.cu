// TMA tensor copies (cp.async.bulk.tensor.2d, UTMALDG) on the H200: does the shared layout they
// write (the box's row length and the tensor map's swizzle mode) change what the copy costs?
// The destination of a TMA copy is not chosen lane by lane: the tensor map lays the box out in
// shared memory, rows of the box's inner size, permuted by the swizzle mode. So the question for
// bankcheck is whether the write side has a bank cost at all.
//  counters: one warp, NBUF copies of one box; ncu reads the launch's shared-memory counters.
//  timing:   264 blocks of one warp, each ITERS batches of NBUF copies, timed with cudaEvents
//            (the boxes cycle over a 4096 x 4096 fp16 tensor, 32 MB, which stays in L2).
// Input lines: BOX_COLS BOX_ROWS SWIZZLE(0|32|64|128)   (fp16 elements)
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s line %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
constexpr int NBUF = 4;
constexpr int BUF = 16384;  // bytes per buffer, 1024-aligned
constexpr int N = 4096;

__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void batch(const CUtensorMap* map, uint32_t dst, int boxCols, int boxRows, int bytes, uint32_t bar,
                                      int phase, int i) {
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes * NBUF) : "memory");
    for (int b = 0; b < NBUF; ++b) {
      const int tile = (blockIdx.x * 7919 + i * NBUF + b) % ((N / boxCols) * (N / boxRows));
      const int x = (tile % (N / boxCols)) * boxCols, y = (tile / (N / boxCols)) * boxRows;
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                   ::"r"(dst + b * BUF), "l"(map), "r"(x), "r"(y), "r"(bar) : "memory");
    }
  }
  asm volatile("{\n .reg .pred p;\n WAIT_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra WAIT_%=;\n}"
               ::"r"(bar), "r"(phase) : "memory");
}

__global__ void run(const __grid_constant__ CUtensorMap map, int boxCols, int boxRows, int iters, uint32_t* out) {
  extern __shared__ __align__(1024) char smem[];
  __shared__ __align__(8) uint64_t bar;
  const uint32_t base = (saddr(smem) + 1023) & ~1023u;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(saddr(&bar)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncwarp();
  const int bytes = boxCols * boxRows * 2;
  for (int i = 0; i < iters; ++i) batch(&map, base, boxCols, boxRows, bytes, saddr(&bar), i & 1, i);
  __syncwarp();
  if (threadIdx.x == 0) out[blockIdx.x] = smem[base - saddr(smem)];
}

int main(int argc, char** argv) {
  if (argc < 3) { printf("usage: tma_probe counters|timing patterns.txt [iters]\n"); return 2; }
  const std::string mode = argv[1];
  const int iters = argc > 3 ? atoi(argv[3]) : 4096;
  std::ifstream in(argv[2]);
  uint32_t* out;
  void* g;
  CHECK(cudaMalloc(&out, 1 << 16));
  CHECK(cudaMalloc(&g, (size_t)N * N * 2));
  CHECK(cudaMemset(g, 1, (size_t)N * N * 2));
  const size_t smemBytes = NBUF * BUF + 1024;
  CHECK(cudaFuncSetAttribute(run, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smemBytes));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    int boxCols, boxRows, swz;
    ls >> boxCols >> boxRows >> swz;
    const CUtensorMapSwizzle swizzle = swz == 128 ? CU_TENSOR_MAP_SWIZZLE_128B
                                       : swz == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                       : swz == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                                   : CU_TENSOR_MAP_SWIZZLE_NONE;
    CUtensorMap map;
    cuuint64_t dims[2] = {N, N}, strides[1] = {N * 2};
    cuuint32_t box[2] = {(cuuint32_t)boxCols, (cuuint32_t)boxRows}, elem[2] = {1, 1};
    const CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, g, dims, strides, box, elem,
                                              CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                              CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
      printf("%d %d %d: cuTensorMapEncodeTiled failed (%d)\n", boxCols, boxRows, swz, (int)r);
      continue;
    }
    if (mode == "counters") {
      run<<<1, 32, smemBytes>>>(map, boxCols, boxRows, 1, out);
      CHECK(cudaDeviceSynchronize());
      printf("CASE %d %d %d\n", boxCols, boxRows, swz);
      continue;
    }
    const int blocks = 2 * sms;
    run<<<blocks, 32, smemBytes>>>(map, boxCols, boxRows, 16, out);
    CHECK(cudaDeviceSynchronize());
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    float best = 1e30f;
    for (int rep = 0; rep < 3; ++rep) {
      cudaEventRecord(a);
      run<<<blocks, 32, smemBytes>>>(map, boxCols, boxRows, iters, out);
      cudaEventRecord(b);
      CHECK(cudaEventSynchronize(b));
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      best = ms < best ? ms : best;
    }
    const double copiesPerSm = (double)iters * NBUF * blocks / sms;
    printf("box %3d x %3d halves (%4d-byte rows), swizzle %3d: %.3f ms, %.2f ns per copy per SM, %.0f GB/s\n", boxCols, boxRows,
           boxCols * 2, swz, best, best * 1e6 / copiesPerSm, (double)iters * NBUF * blocks * boxCols * boxRows * 2 / (best * 1e6));
  }
  return 0;
}
