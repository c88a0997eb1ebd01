// cp.async destination probe, two modes.
//  counters: one warp, one cp.async per launch; ncu reads its counters per launch.
//  timing:   264 blocks x 8 warps, each warp issues ITERS cp.async of the pattern into its own
//            8 KB region (8 groups in flight), timed with cudaEvents; STS of the same pattern
//            (same width) is timed as the calibration of "one wavefront".
// Input lines: op d0..d31 s0..s31 (destination byte offsets in an 8 KB region, -1 = lane inactive;
// source byte offsets into a 1 MB global buffer). op: ca4 ca8 ca16 ca16l2 cg16 sts4 sts8 sts16
#include <cstdio>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s line %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
constexpr int REGION = 8192;
__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
template <int OP> __device__ __forceinline__ void issue(uint32_t a, const char* g) {
  if (OP == 0) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(a), "l"(g) : "memory");
  if (OP == 1) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(a), "l"(g) : "memory");
  if (OP == 2) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(a), "l"(g) : "memory");
  if (OP == 3) asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], 16;" :: "r"(a), "l"(g) : "memory");
  if (OP == 4) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(a), "l"(g) : "memory");
  if (OP == 5) asm volatile("st.shared.u32 [%0], %1;" :: "r"(a), "r"(1u) : "memory");
  if (OP == 6) asm volatile("st.shared.v2.u32 [%0], {%1,%1};" :: "r"(a), "r"(1u) : "memory");
  if (OP == 7) asm volatile("st.shared.v4.u32 [%0], {%1,%1,%1,%1};" :: "r"(a), "r"(1u) : "memory");
}
// Counter mode: full-warp patterns run without a predicate around the instruction.
template <int OP, bool MASKED> __global__ void one(const int* dst, const int* src, const char* g, uint32_t* out) {
  __shared__ __align__(128) uint32_t raw[16384 / 4];
  int d = dst[threadIdx.x], s = src[threadIdx.x];
  if (MASKED) {
    if (d >= 0) issue<OP>(saddr(reinterpret_cast<char*>(raw) + d), g + s);
  } else {
    issue<OP>(saddr(reinterpret_cast<char*>(raw) + d), g + s);
  }
  asm volatile("cp.async.commit_group;\ncp.async.wait_all;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) out[0] = raw[0];
}
template <int OP> __global__ void timed(const int* dst, const int* src, const char* g, int iters, uint32_t* out) {
  extern __shared__ __align__(128) char smem[];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int d = dst[lane], s = src[lane];
  uint32_t a = saddr(smem + warp * REGION + (d < 0 ? 0 : d));
  const char* gp = g + s + (blockIdx.x % 8) * 65536;
  if (d >= 0) {
    for (int i = 0; i < iters; ++i) {
      issue<OP>(a, gp);
      if (OP <= 4) {
        asm volatile("cp.async.commit_group;" ::: "memory");
        asm volatile("cp.async.wait_group 8;" ::: "memory");
      }
    }
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = reinterpret_cast<uint32_t*>(smem)[0];
}
int opIndex(const std::string& k) {
  const char* names[] = {"ca4", "ca8", "ca16", "ca16l2", "cg16", "sts4", "sts8", "sts16"};
  for (int i = 0; i < 8; ++i) if (k == names[i]) return i;
  return -1;
}
template <int OP> void launchOne(bool masked, const int* d, const int* s, const char* g, uint32_t* out) {
  if (masked) one<OP, true><<<1, 32>>>(d, s, g, out); else one<OP, false><<<1, 32>>>(d, s, g, out);
}
template <int OP> float launchTimed(const int* d, const int* s, const char* g, int iters, uint32_t* out) {
  cudaFuncSetAttribute(timed<OP>, cudaFuncAttributeMaxDynamicSharedMemorySize, 8 * REGION);
  cudaEvent_t b, e; cudaEventCreate(&b); cudaEventCreate(&e);
  timed<OP><<<264, 256, 8 * REGION>>>(d, s, g, iters / 8, out);  // warm-up
  cudaEventRecord(b);
  timed<OP><<<264, 256, 8 * REGION>>>(d, s, g, iters, out);
  cudaEventRecord(e); cudaEventSynchronize(e);
  float ms = 0; cudaEventElapsedTime(&ms, b, e); return ms;
}
int main(int argc, char** argv) {
  if (argc < 3) { printf("usage: cp_async_probe counters|timing patterns.txt [iters]\n"); return 2; }
  std::string mode = argv[1];
  std::ifstream in(argv[2]); std::string line; int *d_dst, *d_src; uint32_t* out; char* g;
  int iters = argc > 3 ? atoi(argv[3]) : 4096;
  CHECK(cudaMalloc(&d_dst, 32 * sizeof(int))); CHECK(cudaMalloc(&d_src, 32 * sizeof(int)));
  CHECK(cudaMalloc(&out, 1 << 16)); CHECK(cudaMemset(out, 0, 1 << 16));
  CHECK(cudaMalloc(&g, 1 << 20)); CHECK(cudaMemset(g, 1, 1 << 20));
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line); std::string kind; std::vector<int> dst(32), src(32);
    ss >> kind; for (auto& o : dst) ss >> o; for (auto& o : src) ss >> o;
    bool masked = false; for (int o : dst) masked |= o < 0;
    CHECK(cudaMemcpy(d_dst, dst.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_src, src.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
    int op = opIndex(kind); if (op < 0) { printf("unknown op %s\n", kind.c_str()); return 1; }
    if (mode == "counters") {
      switch (op) {
        case 0: launchOne<0>(masked, d_dst, d_src, g, out); break;
        case 1: launchOne<1>(masked, d_dst, d_src, g, out); break;
        case 2: launchOne<2>(masked, d_dst, d_src, g, out); break;
        case 3: launchOne<3>(masked, d_dst, d_src, g, out); break;
        case 4: launchOne<4>(masked, d_dst, d_src, g, out); break;
        case 5: launchOne<5>(masked, d_dst, d_src, g, out); break;
        case 6: launchOne<6>(masked, d_dst, d_src, g, out); break;
        case 7: launchOne<7>(masked, d_dst, d_src, g, out); break;
      }
      CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    } else {
      float ms = 0;
      switch (op) {
        case 0: ms = launchTimed<0>(d_dst, d_src, g, iters, out); break;
        case 1: ms = launchTimed<1>(d_dst, d_src, g, iters, out); break;
        case 2: ms = launchTimed<2>(d_dst, d_src, g, iters, out); break;
        case 3: ms = launchTimed<3>(d_dst, d_src, g, iters, out); break;
        case 4: ms = launchTimed<4>(d_dst, d_src, g, iters, out); break;
        case 5: ms = launchTimed<5>(d_dst, d_src, g, iters, out); break;
        case 6: ms = launchTimed<6>(d_dst, d_src, g, iters, out); break;
        case 7: ms = launchTimed<7>(d_dst, d_src, g, iters, out); break;
      }
      CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
      // instructions per SM: 264 blocks x 8 warps x iters over 132 SMs
      double instrPerSm = 264.0 * 8 * iters / 132.0;
      printf("%d %s %.4f ms %.3f ns/instr/SM\n", n, kind.c_str(), ms, ms * 1e6 / instrPerSm);
    }
    ++n;
  }
  fprintf(stderr, "ran %d patterns\n", n);
  return 0;
}
