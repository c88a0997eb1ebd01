// Runs each per-lane address pattern as one warp-wide shared access; ncu reads the wavefronts per launch.
// Copied from shared/ground-truth/probe/lane_pattern_probe.cu (the probe that made the shared
// ground truth); kernels unchanged so the numbers stay comparable. Extended: skips blank and
// '#' lines, checks the pattern line, prints one "CASE" line per launch (launch order = ncu's
// result order), and takes an optional first pattern index and count (for --launch-skip style
// chunking without ncu filters).
// Usage: lane_pattern_probe PATTERNS.txt [FIRST [COUNT]]
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s line %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
constexpr int BYTES = 16384;
struct V1 { uint8_t v; }; struct V2 { uint16_t v; }; struct V8 { uint2 v; }; struct V16 { uint4 v; };
template <class T> __global__ void ld(const int* offs, T* out) {
  __shared__ __align__(16) uint32_t raw[BYTES / 4];
  for (int i = threadIdx.x; i < BYTES / 4; i += 32) raw[i] = i;
  __syncthreads();
  int o = offs[threadIdx.x];
  if (o >= 0) out[threadIdx.x] = *reinterpret_cast<const T*>(reinterpret_cast<const char*>(raw) + o);
}
template <class T> __global__ void st(const int* offs, T* out) {
  __shared__ __align__(16) uint32_t raw[BYTES / 4];
  int o = offs[threadIdx.x];
  T v = out[threadIdx.x];
  if (o >= 0) *reinterpret_cast<T*>(reinterpret_cast<char*>(raw) + o) = v;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = *reinterpret_cast<const T*>(raw);
}
template <class T> void launch(bool load, const int* offs, void* out) {
  if (load) ld<T><<<1, 32>>>(offs, (T*)out); else st<T><<<1, 32>>>(offs, (T*)out);
}
int main(int argc, char** argv) {
  if (argc < 2) { printf("usage: %s PATTERNS.txt [FIRST [COUNT]]\n", argv[0]); return 2; }
  const int first = argc > 2 ? atoi(argv[2]) : 0, count = argc > 3 ? atoi(argv[3]) : 1 << 30;
  std::ifstream in(argv[1]); std::string line; int* d_offs; void* out;
  if (!in) { printf("cannot open %s\n", argv[1]); return 2; }
  CHECK(cudaMalloc(&d_offs, 32 * sizeof(int))); CHECK(cudaMalloc(&out, 1 << 16)); CHECK(cudaMemset(out, 0, 1 << 16));
  int n = 0, index = -1;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++index;
    if (index < first || index >= first + count) continue;
    std::istringstream ss(line); std::string kind, op; int width; std::vector<int> offs(32);
    ss >> kind >> op >> width; for (auto& o : offs) ss >> o;
    if (!ss || (op != "ld" && op != "st") || (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)) {
      printf("bad pattern line %d: %s\n", index, line.c_str()); return 2;
    }
    CHECK(cudaMemcpy(d_offs, offs.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
    bool load = op == "ld";
    switch (width) {
      case 1: launch<V1>(load, d_offs, out); break; case 2: launch<V2>(load, d_offs, out); break;
      case 4: launch<uint32_t>(load, d_offs, out); break; case 8: launch<V8>(load, d_offs, out); break;
      default: launch<V16>(load, d_offs, out); break;
    }
    CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize()); ++n;
    printf("CASE %d %s %s %d\n", index, kind.c_str(), op.c_str(), width);
  }
  printf("ran %d patterns\n", n);
  return 0;
}
