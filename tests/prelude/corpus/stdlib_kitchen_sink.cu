// Every C++17 standard library header (as libstdc++ 12 ships them) included after the prelude, with
// kernels using alignas on __shared__ arrays: the prelude's device declarations, its alignas
// spelling and libstdc++ must coexist without a diagnostic.
#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <cfenv>
#include <cfloat>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <clocale>
#include <cmath>
#include <codecvt>
#include <complex>
#include <condition_variable>
#include <csetjmp>
#include <csignal>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuchar>
#include <cwchar>
#include <cwctype>
#include <deque>
#include <exception>
#include <execution>
#include <filesystem>
#include <forward_list>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <ratio>
#include <regex>
#include <scoped_allocator>
#include <set>
#include <shared_mutex>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>

#include <cuda_runtime.h>

struct alignas(32) Aligned32 {
  char c;
};
static_assert(alignof(Aligned32) == 32, "alignas on a class");
struct Member {
  alignas(8) char bytes[3];
};
static_assert(alignof(Member) == 8, "alignas on a member");

__global__ void aligned_tiles(const float4* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float a[256];
  __shared__ alignas(float4) float b[256];
  __shared__ alignas(alignof(float4) * 2) float c[256];
  alignas(16) float regs[4] = {0.0f, 1.0f, 2.0f, 3.0f};
  reinterpret_cast<float4*>(a)[threadIdx.x % 64] = in[threadIdx.x % 64];
  b[threadIdx.x] = a[threadIdx.x] + regs[threadIdx.x % 4];
  c[threadIdx.x] = b[255 - threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = sqrtf(c[threadIdx.x]) + std::sqrt(a[threadIdx.x]) + fabs(static_cast<double>(b[0]));
}

int main() {
  std::atomic<long> counter{0};
  std::vector<int> v{3, 1, 2};
  std::sort(v.begin(), v.end());
  std::optional<int> o = v.front();
  std::variant<int, float> var = 2;
  std::map<std::string, std::complex<double>> m;
  m["one"] = std::complex<double>(1.0, std::sqrt(2.0));
  std::ostringstream os;
  os << std::setw(4) << *o << std::get<0>(var) << m.size() << counter.load();
  float* d = nullptr;
  cudaMalloc(&d, 256 * sizeof(float));
  aligned_tiles<<<1, 256>>>(reinterpret_cast<const float4*>(d), d);
  std::printf("%s\n", os.str().c_str());
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
