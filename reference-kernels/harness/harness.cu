// refk-harness: runs every reference kernel, bad and fixed, at sizes that fill the GPU; checks
// each result against a CPU reference; times bad vs fixed with CUDA events; runs cuBLAS SGEMM
// at the same size for comparison; prints a table and writes JSON.
//
//   refk-harness [--json FILE] [--profile] [--only SUBSTRING] [--reps-ms MS] [--seed N]
//
// --profile   each kernel runs exactly once (no warm-up, no timing loop, no cuBLAS), so that
//             `ncu ... refk-harness --profile` records one launch per kernel and variant. The
//             result is still checked.
// --only      run only the kernels whose name contains SUBSTRING.
// --reps-ms   timed repetitions per kernel: as many as fit in MS milliseconds (at least 10, at
//             most 200; default 300 ms); 3 untimed warm-up runs come first.
//
// Checks (before timing, on the output of the first launch; the output buffer is filled with
// 0xFF bytes before that launch: NaN for fp32 and fp16, -1 for int8, a value no input has):
//   transposes (fp32, fp16, int8)  every element, bit-exact (tolerance 0)
//   stencils (fp32)                every element against a float64 CPU reference,
//                                  relative Frobenius error <= 1e-5
//   fp32 GEMMs                     every element must be written (no NaN); 2048 sampled elements
//                                  (one in each 128x128 block tile + random ones) against a
//                                  float64 CPU reference, relative Frobenius error <= 1e-4; and
//                                  (not in --profile) every element against cuBLAS SGEMM,
//                                  relative Frobenius error <= 1e-4
//   fp16 GEMM (fp16 products summed in fp16 over 32-term tiles, then fp32)
//                                  same samples and cuBLAS comparison, tolerance 1e-2
// Exit status: 0 if every check passed, 1 if any failed, 2 on a CUDA/cuBLAS error.
#include <cublas_v2.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "launchers.h"

#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      std::fprintf(stderr, "CUDA error '%s' at %s:%d: %s\n", cudaGetErrorString(e_),       \
                   __FILE__, __LINE__, #x);                                                 \
      std::exit(2);                                                                         \
    }                                                                                       \
  } while (0)
#define CKB(x)                                                                              \
  do {                                                                                      \
    cublasStatus_t s_ = (x);                                                                \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                      \
      std::fprintf(stderr, "cuBLAS error %d at %s:%d: %s\n", (int)s_, __FILE__, __LINE__,   \
                   #x);                                                                     \
      std::exit(2);                                                                         \
    }                                                                                       \
  } while (0)

namespace {

struct Options {
  bool profile = false;
  std::string json;
  std::string only;
  double reps_ms = 300.0;
  uint64_t seed = 20261129;
};
Options opt;

// ----------------------------------------------------------------------------- utilities
template <class F>
void parallel_for(size_t n, F f) {
  unsigned T = std::max(1u, std::thread::hardware_concurrency());
  if (n < 4096) T = 1;
  std::vector<std::thread> th;
  const size_t chunk = (n + T - 1) / T;
  for (unsigned t = 0; t < T; ++t) {
    const size_t lo = t * chunk, hi = std::min(n, lo + chunk);
    if (lo >= hi) break;
    th.emplace_back([=] {
      for (size_t i = lo; i < hi; ++i) f(i);
    });
  }
  for (auto& x : th) x.join();
}

// Sums over [0, n): each thread accumulates its own partial sums in nsums slots.
template <class F>
void parallel_reduce(size_t n, F f, double* sums, int nsums) {
  unsigned T = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::vector<double>> part(T, std::vector<double>(nsums, 0.0));
  std::vector<std::thread> th;
  const size_t chunk = (n + T - 1) / T;
  for (unsigned t = 0; t < T; ++t) {
    const size_t lo = t * chunk, hi = std::min(n, lo + chunk);
    if (lo >= hi) break;
    th.emplace_back([=, &part] {
      for (size_t i = lo; i < hi; ++i) f(i, part[t].data());
    });
  }
  for (auto& x : th) x.join();
  for (int k = 0; k < nsums; ++k) {
    sums[k] = 0;
    for (auto& p : part) sums[k] += p[k];
  }
}

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
// uniform in [-1, 1), fresh per seed and index
inline float urand(uint64_t seed, size_t i) {
  return (float)((splitmix64(seed * 0x100000001B3ull + i) >> 40) * (1.0 / 8388608.0) - 1.0);
}

template <class T>
struct DevBuf {
  T* p = nullptr;
  size_t n = 0;
  explicit DevBuf(size_t n_) : n(n_) { CK(cudaMalloc(&p, n * sizeof(T))); }
  ~DevBuf() { cudaFree(p); }
  DevBuf(const DevBuf&) = delete;
  DevBuf& operator=(const DevBuf&) = delete;
  void upload(const std::vector<T>& h) { CK(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice)); }
  void download(std::vector<T>& h) const {
    h.resize(n);
    CK(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
  }
  void poison() { CK(cudaMemset(p, 0xFF, n * sizeof(T))); }
};

struct Record {
  std::string kernel, variant, source, launch, problem;
  std::string check = "none";
  bool checked = false, pass = false;
  double err = NAN, tol = NAN;
  size_t bad_elems = 0;
  double median_ms = NAN, min_ms = NAN, max_ms = NAN;
  int reps = 0;
  double flops = 0, bytes = 0;
};
std::vector<Record> records;
bool any_fail = false;

bool selected(const std::string& name) { return opt.only.empty() || name.find(opt.only) != std::string::npos; }

// Launch once (after poisoning, done by the caller), check the launch itself.
template <class L>
void launch_once(L launch) {
  CK(launch());
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
}

template <class L>
void time_it(L launch, Record& r) {
  if (opt.profile) return;
  for (int i = 0; i < 3; ++i) CK(launch());
  CK(cudaDeviceSynchronize());
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0));
  CK(launch());
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  float est = 0;
  CK(cudaEventElapsedTime(&est, e0, e1));
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  int reps = (int)std::min(200.0, std::max(10.0, opt.reps_ms / std::max(est, 1e-3f)));
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) CK(cudaEventCreate(&e));
  for (int i = 0; i < reps; ++i) {  // enqueue all: no host gap inside a timed interval
    CK(cudaEventRecord(ev[2 * i]));
    CK(launch());
    CK(cudaEventRecord(ev[2 * i + 1]));
  }
  CK(cudaDeviceSynchronize());
  std::vector<float> t(reps);
  for (int i = 0; i < reps; ++i) CK(cudaEventElapsedTime(&t[i], ev[2 * i], ev[2 * i + 1]));
  for (auto& e : ev) CK(cudaEventDestroy(e));
  std::sort(t.begin(), t.end());
  r.reps = reps;
  r.min_ms = t.front();
  r.max_ms = t.back();
  r.median_ms = (reps % 2) ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
}

void finish(Record& r) {
  if (r.checked && !r.pass) any_fail = true;
  std::printf("  %-22s %-6s %-44s check %-4s err %.3g (tol %.3g)%s", r.kernel.c_str(), r.variant.c_str(),
              r.launch.c_str(), r.checked ? (r.pass ? "PASS" : "FAIL") : "-", r.err, r.tol,
              r.bad_elems ? (" unwritten/mismatched: " + std::to_string(r.bad_elems)).c_str() : "");
  if (!std::isnan(r.median_ms)) std::printf("  median %.4f ms (%d runs)", r.median_ms, r.reps);
  std::printf("\n");
  std::fflush(stdout);
  records.push_back(r);
}

std::string dims2(long a, long b) { return std::to_string(a) + "x" + std::to_string(b); }
std::string dims3(long a, long b, long c) { return dims2(a, b) + "x" + std::to_string(c); }

// ----------------------------------------------------------------------------- transposes
template <class T>
void run_transpose(const std::string& name, const std::string& stem, const std::string& dtype, int bx, int by,
                   cudaError_t (*lb)(T*, const T*, int, int, cudaStream_t),
                   cudaError_t (*lf)(T*, const T*, int, int, cudaStream_t), std::vector<T> (*gen)(size_t, uint64_t)) {
  if (!selected(name)) return;
  const int W = 8192, H = 6144;  // in: H x W, out: W x H
  const size_t n = (size_t)W * H;
  std::vector<T> hin = gen(n, opt.seed + std::hash<std::string>()(name));
  DevBuf<T> din(n), dout(n);
  din.upload(hin);
  std::vector<T> hout;
  for (int v = 0; v < 2; ++v) {
    Record r;
    r.kernel = name;
    r.variant = v ? "fixed" : "bad";
    r.source = "kernels/" + stem + (v ? ".fixed.cu" : ".bad.cu");
    r.launch = "grid " + dims2((W + 31) / 32, (H + 31) / 32) + ", block " + dims2(bx, by);
    r.problem = dims2(H, W) + " " + dtype + " -> " + dims2(W, H);
    r.bytes = 2.0 * n * sizeof(T);
    auto launch = [&] { return (v ? lf : lb)(dout.p, din.p, W, H, 0); };
    dout.poison();
    launch_once(launch);
    dout.download(hout);
    double s[4];
    parallel_reduce(
        n,
        [&](size_t i, double* acc) {
          const size_t row = i / H, col = i % H;  // out[row][col] = in[col][row]
          if (std::memcmp(&hout[i], &hin[col * W + row], sizeof(T)) != 0) acc[0] += 1;
        },
        s, 4);
    r.checked = true;
    r.check = "all elements, bit-exact";
    r.bad_elems = (size_t)s[0];
    r.err = s[0] / n;
    r.tol = 0;
    r.pass = s[0] == 0;
    time_it(launch, r);
    finish(r);
  }
}

std::vector<float> gen_f32(size_t n, uint64_t seed) {
  std::vector<float> h(n);
  parallel_for(n, [&](size_t i) { h[i] = urand(seed, i); });
  return h;
}
std::vector<__half> gen_f16(size_t n, uint64_t seed) {
  std::vector<__half> h(n);
  parallel_for(n, [&](size_t i) { h[i] = __float2half(urand(seed, i)); });
  return h;
}
std::vector<int8_t> gen_i8(size_t n, uint64_t seed) {
  std::vector<int8_t> h(n);
  parallel_for(n, [&](size_t i) {
    int8_t x = (int8_t)(splitmix64(seed * 31 + i) & 0xFF);
    h[i] = (x == -1) ? 1 : x;  // -1 (0xFF) is the poison value
  });
  return h;
}

// ----------------------------------------------------------------------------- GEMMs
cublasHandle_t cublas = nullptr;

void cublas_sgemm(int M, int N, int K, const float* A, const float* B, float* C) {
  // row-major C = A B  <=>  column-major C^T = B^T A^T
  const float one = 1.0f, zero = 0.0f;
  CKB(cublasSgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N));
}

void cublas_hgemm(int M, int N, int K, const __half* A, const __half* B, float* C) {
  // fp16 inputs, fp32 output and accumulation: the contract of hgemm_mma (tensor cores).
  const float one = 1.0f, zero = 0.0f;
  CKB(cublasGemmEx(cublas, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, CUDA_R_16F, N, A, CUDA_R_16F, K, &zero, C,
                   CUDA_R_32F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

// (i, j) samples: one random element in every 128 x 128 block tile, plus random ones, plus corners.
std::vector<std::pair<int, int>> gemm_samples(int M, int N, uint64_t seed) {
  std::vector<std::pair<int, int>> s;
  size_t c = 0;
  for (int bi = 0; bi < M; bi += 128)
    for (int bj = 0; bj < N; bj += 128) {
      const int i = bi + (int)(splitmix64(seed + c++) % std::min(128, M - bi));
      const int j = bj + (int)(splitmix64(seed + c++) % std::min(128, N - bj));
      s.push_back({i, j});
    }
  while (s.size() < 2048) {
    s.push_back({(int)(splitmix64(seed + c) % M), (int)(splitmix64(seed + c + 1) % N)});
    c += 2;
  }
  s.push_back({0, 0});
  s.push_back({M - 1, N - 1});
  s.push_back({0, N - 1});
  s.push_back({M - 1, 0});
  return s;
}

// Checks C (host copy) : no poison anywhere, sampled float64 reference, optional full reference.
template <class TA>
void check_gemm(Record& r, const std::vector<float>& C, const std::vector<TA>& A, const std::vector<TA>& B, int M,
                int N, int K, double tol, const std::vector<float>* Cref) {
  auto val = [](TA x) -> double {
    if constexpr (std::is_same<TA, __half>::value)
      return (double)__half2float(x);
    else
      return (double)x;
  };
  double s[4];
  parallel_reduce(
      C.size(), [&](size_t i, double* acc) { if (std::isnan(C[i])) acc[0] += 1; }, s, 4);
  const size_t unwritten = (size_t)s[0];
  auto samples = gemm_samples(M, N, opt.seed + 7);
  std::vector<double> e2(samples.size()), r2(samples.size());
  parallel_for(samples.size(), [&](size_t t) {
    const int i = samples[t].first, j = samples[t].second;
    double ref = 0;
    for (int k = 0; k < K; ++k) ref += val(A[(size_t)i * K + k]) * val(B[(size_t)k * N + j]);
    const double d = (double)C[(size_t)i * N + j] - ref;
    e2[t] = d * d;
    r2[t] = ref * ref;
  });
  double se = 0, sr = 0;
  for (size_t t = 0; t < samples.size(); ++t) {
    se += e2[t];
    sr += r2[t];
  }
  double err = std::sqrt(se / sr);
  r.check = "no element left unwritten; " + std::to_string(samples.size()) +
            " sampled elements vs float64 CPU reference";
  if (Cref) {
    parallel_reduce(
        C.size(),
        [&](size_t i, double* acc) {
          const double d = (double)C[i] - (double)(*Cref)[i];
          acc[0] += d * d;
          acc[2] += (double)(*Cref)[i] * (*Cref)[i];
        },
        s, 4);
    const double full = std::sqrt(s[0] / s[2]);
    err = std::max(err, std::isnan(full) ? INFINITY : full);
    r.check += "; all elements vs cuBLAS SGEMM";
  }
  r.checked = true;
  r.bad_elems = unwritten;
  r.err = err;
  r.tol = tol;
  r.pass = unwritten == 0 && err <= tol;
}

void run_sgemm_family() {
  const bool want_rt = selected("sgemm_regtile"), want_cp = selected("sgemm_cpasync"),
             want_cb = selected("cublas_sgemm") && !opt.profile;
  if (!want_rt && !want_cp && !want_cb) return;
  const int M = 4096, N = 4096, K = 4096;
  auto hA = gen_f32((size_t)M * K, opt.seed + 11), hB = gen_f32((size_t)K * N, opt.seed + 12);
  DevBuf<float> dA((size_t)M * K), dB((size_t)K * N), dC((size_t)M * N), dRef((size_t)M * N);
  dA.upload(hA);
  dB.upload(hB);
  std::vector<float> hC, hRef;
  const std::string prob = dims3(M, N, K) + " fp32 (M x N x K)";
  const double flops = 2.0 * M * N * K;
  if (!opt.profile) {
    Record r;
    r.kernel = "cublas_sgemm";
    r.variant = "cublas";
    r.source = "cuBLAS cublasSgemm (CUBLAS_DEFAULT_MATH: fp32, no TF32)";
    r.launch = "library";
    r.problem = prob;
    r.flops = flops;
    auto launch = [&] {
      cublas_sgemm(M, N, K, dA.p, dB.p, dRef.p);
      return cudaSuccess;
    };
    dRef.poison();
    launch_once(launch);
    dRef.download(hRef);
    check_gemm(r, hRef, hA, hB, M, N, K, 1e-4, nullptr);
    if (want_cb) time_it(launch, r);
    finish(r);
  }
  struct K2 {
    const char* name;
    const char* stem;
    cudaError_t (*b)(int, int, int, const float*, const float*, float*, cudaStream_t);
    cudaError_t (*f)(int, int, int, const float*, const float*, float*, cudaStream_t);
    bool want;
  } ks[] = {{"sgemm_regtile", "sgemm_regtile", bad::launch_sgemm_regtile, fixed::launch_sgemm_regtile, want_rt},
            {"sgemm_cpasync", "sgemm_cpasync", bad::launch_sgemm_cpasync, fixed::launch_sgemm_cpasync, want_cp}};
  for (auto& k : ks) {
    if (!k.want) continue;
    for (int v = 0; v < 2; ++v) {
      Record r;
      r.kernel = k.name;
      r.variant = v ? "fixed" : "bad";
      r.source = std::string("kernels/") + k.stem + (v ? ".fixed.cu" : ".bad.cu");
      r.launch = "grid " + dims2(N / 128, M / 128) + ", block 256";
      r.problem = prob;
      r.flops = flops;
      auto launch = [&] { return (v ? k.f : k.b)(M, N, K, dA.p, dB.p, dC.p, 0); };
      dC.poison();
      launch_once(launch);
      dC.download(hC);
      check_gemm(r, hC, hA, hB, M, N, K, 1e-4, opt.profile ? nullptr : &hRef);
      time_it(launch, r);
      finish(r);
    }
  }
}

void run_matmul_tiled() {
  if (!selected("matmul_tiled")) return;
  const int N = 2048;
  auto hA = gen_f32((size_t)N * N, opt.seed + 21), hB = gen_f32((size_t)N * N, opt.seed + 22);
  DevBuf<float> dA((size_t)N * N), dB((size_t)N * N), dC((size_t)N * N), dRef((size_t)N * N);
  dA.upload(hA);
  dB.upload(hB);
  std::vector<float> hC, hRef;
  if (!opt.profile) {
    cublas_sgemm(N, N, N, dA.p, dB.p, dRef.p);
    CK(cudaDeviceSynchronize());
    dRef.download(hRef);
  }
  for (int v = 0; v < 2; ++v) {
    Record r;
    r.kernel = "matmul_tiled";
    r.variant = v ? "fixed" : "bad";
    r.source = std::string("kernels/matmul_tiled") + (v ? ".fixed.cu" : ".bad.cu");
    r.launch = "grid " + dims2(N / 32, N / 32) + ", block 32x32";
    r.problem = dims3(N, N, N) + " fp32";
    r.flops = 2.0 * N * N * N;
    auto launch = [&] { return (v ? fixed::launch_matmul_tiled : bad::launch_matmul_tiled)(dA.p, dB.p, dC.p, N, 0); };
    dC.poison();
    launch_once(launch);
    dC.download(hC);
    check_gemm(r, hC, hA, hB, N, N, N, 1e-4, opt.profile ? nullptr : &hRef);
    time_it(launch, r);
    finish(r);
  }
}

void run_hgemm() {
  const bool want_cp = selected("hgemm_cpasync"), want_mma = selected("hgemm_mma"),
             want_cb = selected("cublas_hgemm") && !opt.profile;
  if (!want_cp && !want_mma && !want_cb) return;
  const int M = 4096, N = 4096, K = 4096;
  auto hA = gen_f16((size_t)M * K, opt.seed + 31), hB = gen_f16((size_t)K * N, opt.seed + 32);
  DevBuf<__half> dA((size_t)M * K), dB((size_t)K * N);
  DevBuf<float> dC((size_t)M * N);
  dA.upload(hA);
  dB.upload(hB);
  std::vector<float> hC, hRef;
  const std::string prob = dims3(M, N, K) + " fp16 in, fp32 out";
  if (!opt.profile) {  // reference: cuBLAS SGEMM on the same values in fp32
    std::vector<float> fA(hA.size()), fB(hB.size());
    parallel_for(fA.size(), [&](size_t i) { fA[i] = __half2float(hA[i]); });
    parallel_for(fB.size(), [&](size_t i) { fB[i] = __half2float(hB[i]); });
    DevBuf<float> fdA(fA.size()), fdB(fB.size()), dRef((size_t)M * N);
    fdA.upload(fA);
    fdB.upload(fB);
    cublas_sgemm(M, N, K, fdA.p, fdB.p, dRef.p);
    CK(cudaDeviceSynchronize());
    dRef.download(hRef);
  }
  if (want_cb) {  // cuBLAS on the tensor cores, the yardstick for hgemm_mma
    Record r;
    r.kernel = "cublas_hgemm";
    r.variant = "cublas";
    r.source = "cuBLAS cublasGemmEx (CUDA_R_16F inputs, CUDA_R_32F output, CUBLAS_COMPUTE_32F, default algorithm)";
    r.launch = "cuBLAS";
    r.problem = prob;
    r.flops = 2.0 * M * N * K;
    auto launch = [&] {
      cublas_hgemm(M, N, K, dA.p, dB.p, dC.p);
      return cudaGetLastError();
    };
    dC.poison();
    launch_once(launch);
    dC.download(hC);
    check_gemm(r, hC, hA, hB, M, N, K, 1e-2, &hRef);
    time_it(launch, r);
    finish(r);
  }
  struct H {
    const char* name;
    cudaError_t (*b)(int, int, int, const __half*, const __half*, float*, cudaStream_t);
    cudaError_t (*f)(int, int, int, const __half*, const __half*, float*, cudaStream_t);
    bool want;
  } ks[] = {{"hgemm_cpasync", bad::launch_hgemm_cpasync, fixed::launch_hgemm_cpasync, want_cp},
            {"hgemm_mma", bad::launch_hgemm_mma, fixed::launch_hgemm_mma, want_mma}};
  for (auto& k : ks) {
    if (!k.want) continue;
    for (int v = 0; v < 2; ++v) {
      Record r;
      r.kernel = k.name;
      r.variant = v ? "fixed" : "bad";
      r.source = std::string("kernels/") + k.name + (v ? ".fixed.cu" : ".bad.cu");
      // hgemm_mma's block tile is 128 x 256 (its launcher), hgemm_cpasync's 128 x 128.
      const int tileN = std::string(k.name) == "hgemm_mma" ? 256 : 128;
      r.launch = "grid " + dims2(N / tileN, M / 128) + ", block 256";
      r.problem = prob;
      r.flops = 2.0 * M * N * K;
      auto launch = [&] { return (v ? k.f : k.b)(M, N, K, dA.p, dB.p, dC.p, 0); };
      dC.poison();
      launch_once(launch);
      dC.download(hC);
      check_gemm(r, hC, hA, hB, M, N, K, 1e-2, opt.profile ? nullptr : &hRef);
      time_it(launch, r);
      finish(r);
    }
  }
}

// ----------------------------------------------------------------------------- stencils
void check_field(Record& r, const std::vector<float>& out, const std::vector<double>& ref, double tol) {
  double s[3];
  parallel_reduce(
      out.size(),
      [&](size_t i, double* acc) {
        if (std::isnan(out[i])) {
          acc[1] += 1;
          return;
        }
        const double d = (double)out[i] - ref[i];
        acc[0] += d * d;
        acc[2] += ref[i] * ref[i];
      },
      s, 3);
  r.checked = true;
  r.check = "all elements vs float64 CPU reference";
  r.bad_elems = (size_t)s[1];
  r.err = r.bad_elems ? INFINITY : std::sqrt(s[0] / s[2]);
  r.tol = tol;
  r.pass = r.bad_elems == 0 && r.err <= tol;
}

void run_stencil2d() {
  if (!selected("stencil2d")) return;
  const int nx = 8192, ny = 8192;
  const float c0 = 0.5f, c1 = 0.125f;
  const size_t n = (size_t)nx * ny;
  auto hu = gen_f32(n, opt.seed + 41);
  std::vector<double> ref(n);
  auto at = [&](int x, int y) -> double {
    return (x >= 0 && x < nx && y >= 0 && y < ny) ? (double)hu[(size_t)y * nx + x] : 0.0;
  };
  parallel_for(n, [&](size_t i) {
    const int x = (int)(i % nx), y = (int)(i / nx);
    ref[i] = c0 * at(x, y) + c1 * (at(x, y - 1) + at(x, y + 1) + at(x - 1, y) + at(x + 1, y));
  });
  DevBuf<float> du(n), dout(n);
  du.upload(hu);
  std::vector<float> hout;
  for (int v = 0; v < 2; ++v) {
    Record r;
    r.kernel = "stencil2d_5pt";
    r.variant = v ? "fixed" : "bad";
    r.source = std::string("kernels/stencil2d") + (v ? ".fixed.cu" : ".bad.cu");
    r.launch = "grid " + dims2(nx / 16, ny / 16) + ", block 16x16";
    r.problem = dims2(ny, nx) + " fp32";
    r.bytes = 2.0 * n * sizeof(float);
    auto launch = [&] {
      return (v ? fixed::launch_stencil2d_5pt : bad::launch_stencil2d_5pt)(dout.p, du.p, nx, ny, c0, c1, 0);
    };
    dout.poison();
    launch_once(launch);
    dout.download(hout);
    check_field(r, hout, ref, 1e-5);
    time_it(launch, r);
    finish(r);
  }
}

void run_stencil3d() {
  if (!selected("stencil3d")) return;
  const int nx = 512, ny = 512, nz = 512;
  const float c0 = 0.4f, c1 = 0.1f;
  const size_t n = (size_t)nx * ny * nz;
  auto hu = gen_f32(n, opt.seed + 51);
  std::vector<double> ref(n);
  auto at = [&](int x, int y, int z) -> double {
    return (x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz) ? (double)hu[((size_t)z * ny + y) * nx + x]
                                                                       : 0.0;
  };
  parallel_for(n, [&](size_t i) {
    const int x = (int)(i % nx), y = (int)((i / nx) % ny), z = (int)(i / ((size_t)nx * ny));
    ref[i] = c0 * at(x, y, z) + c1 * (at(x - 1, y, z) + at(x + 1, y, z) + at(x, y - 1, z) + at(x, y + 1, z) +
                                      at(x, y, z - 1) + at(x, y, z + 1));
  });
  DevBuf<float> du(n), dout(n);
  du.upload(hu);
  std::vector<float> hout;
  for (int v = 0; v < 2; ++v) {
    Record r;
    r.kernel = "stencil3d_7pt";
    r.variant = v ? "fixed" : "bad";
    r.source = std::string("kernels/stencil3d") + (v ? ".fixed.cu" : ".bad.cu");
    r.launch = "grid " + dims3(nx / 8, ny / 4, nz / 4) + ", block 8x4x4";
    r.problem = dims3(nz, ny, nx) + " fp32";
    r.bytes = 2.0 * n * sizeof(float);
    auto launch = [&] {
      return (v ? fixed::launch_stencil3d_7pt : bad::launch_stencil3d_7pt)(dout.p, du.p, nx, ny, nz, c0, c1, 0);
    };
    dout.poison();
    launch_once(launch);
    dout.download(hout);
    check_field(r, hout, ref, 1e-5);
    time_it(launch, r);
    finish(r);
  }
}

// ----------------------------------------------------------------------------- report
std::string jstr(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o + "\"";
}
std::string jnum(double x) {
  if (std::isnan(x)) return "null";
  if (std::isinf(x)) return x > 0 ? "1e308" : "-1e308";
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", x);
  return b;
}

const Record* find(const std::string& k, const std::string& v) {
  for (auto& r : records)
    if (r.kernel == k && r.variant == v) return &r;
  return nullptr;
}

void print_table_and_json(const cudaDeviceProp& prop, int drv, int rt) {
  const Record* cb = find("cublas_sgemm", "cublas");
  const double cb_gflops = (cb && !std::isnan(cb->median_ms)) ? cb->flops / (cb->median_ms * 1e6) : NAN;
  const Record* cbh = find("cublas_hgemm", "cublas");
  const double cbh_gflops = (cbh && !std::isnan(cbh->median_ms)) ? cbh->flops / (cbh->median_ms * 1e6) : NAN;
  // The cuBLAS rate a kernel is compared with: SGEMM for the fp32 GEMMs, HGEMM for the tensor-core one.
  auto yardstick = [&](const Record& r) {
    if (r.kernel.find("sgemm") != std::string::npos && r.variant != "cublas") return cb_gflops;
    if (r.kernel == "hgemm_mma") return cbh_gflops;
    return (double)NAN;
  };
  std::printf("\n%-16s %-6s %11s %11s %10s %8s  %s\n", "kernel", "var", "median ms", "GB/s|GFLOP/s", "vs cuBLAS",
              "fix/bad", "check");
  for (auto& r : records) {
    const bool gemm = r.flops > 0;
    const double rate = std::isnan(r.median_ms) ? NAN : (gemm ? r.flops / (r.median_ms * 1e6) : r.bytes / (r.median_ms * 1e6));
    const Record* b = find(r.kernel, "bad");
    std::string speed = "";
    if (r.variant == "fixed" && b && !std::isnan(b->median_ms) && !std::isnan(r.median_ms)) {
      char t[32];
      std::snprintf(t, sizeof t, "%.3fx", b->median_ms / r.median_ms);
      speed = t;
    }
    std::string vs = "";
    if (!std::isnan(yardstick(r)) && !std::isnan(rate)) {
      char t[32];
      std::snprintf(t, sizeof t, "%.1f%%", 100.0 * rate / yardstick(r));
      vs = t;
    }
    std::printf("%-16s %-6s %11.4f %11.1f %10s %8s  %s\n", r.kernel.c_str(), r.variant.c_str(), r.median_ms, rate,
                vs.c_str(), speed.c_str(), r.checked ? (r.pass ? "PASS" : "FAIL") : "-");
  }
  if (opt.json.empty()) return;
  FILE* f = std::fopen(opt.json.c_str(), "w");
  if (!f) {
    std::perror(opt.json.c_str());
    return;
  }
  std::fprintf(f, "{\n  \"schema\": \"refk-harness/1\",\n  \"mode\": %s,\n", jstr(opt.profile ? "profile" : "timing").c_str());
  std::fprintf(f,
               "  \"device\": {\"name\": %s, \"cc\": \"%d.%d\", \"sms\": %d, \"l2_bytes\": %d, "
               "\"smem_per_sm_bytes\": %zu, \"global_mem_bytes\": %zu, \"driver\": %d, \"runtime\": %d},\n",
               jstr(prop.name).c_str(), prop.major, prop.minor, prop.multiProcessorCount, prop.l2CacheSize,
               prop.sharedMemPerMultiprocessor, prop.totalGlobalMem, drv, rt);
  std::fprintf(f, "  \"timing\": {\"warmup_runs\": 3, \"reps_ms\": %s, \"statistic\": \"median of CUDA-event times\"},\n",
               jnum(opt.reps_ms).c_str());
  std::fprintf(f, "  \"cublas_sgemm_gflops\": %s,\n  \"cublas_hgemm_gflops\": %s,\n  \"results\": [\n", jnum(cb_gflops).c_str(),
               jnum(cbh_gflops).c_str());
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    const bool gemm = r.flops > 0;
    const double rate = std::isnan(r.median_ms) ? NAN : (gemm ? r.flops / (r.median_ms * 1e6) : r.bytes / (r.median_ms * 1e6));
    std::fprintf(f,
                 "    {\"kernel\": %s, \"variant\": %s, \"source\": %s, \"launch\": %s, \"problem\": %s,\n"
                 "     \"check\": %s, \"checked\": %s, \"pass\": %s, \"rel_err\": %s, \"tol\": %s, \"bad_elems\": %zu,\n"
                 "     \"median_ms\": %s, \"min_ms\": %s, \"max_ms\": %s, \"reps\": %d, \"%s\": %s%s}%s\n",
                 jstr(r.kernel).c_str(), jstr(r.variant).c_str(), jstr(r.source).c_str(), jstr(r.launch).c_str(),
                 jstr(r.problem).c_str(), jstr(r.check).c_str(), r.checked ? "true" : "false", r.pass ? "true" : "false",
                 jnum(r.err).c_str(), jnum(r.tol).c_str(), r.bad_elems, jnum(r.median_ms).c_str(),
                 jnum(r.min_ms).c_str(), jnum(r.max_ms).c_str(), r.reps, gemm ? "gflops" : "gbytes_per_s",
                 jnum(rate).c_str(),
                 (gemm && !std::isnan(yardstick(r))) ? (", \"fraction_of_cublas\": " + jnum(rate / yardstick(r))).c_str() : "",
                 i + 1 < records.size() ? "," : "");
  }
  std::fprintf(f, "  ],\n  \"all_checks_passed\": %s\n}\n", any_fail ? "false" : "true");
  std::fclose(f);
  std::printf("wrote %s\n", opt.json.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--profile") opt.profile = true;
    else if (a == "--json") opt.json = next();
    else if (a == "--only") opt.only = next();
    else if (a == "--reps-ms") opt.reps_ms = std::atof(next().c_str());
    else if (a == "--seed") opt.seed = std::strtoull(next().c_str(), nullptr, 10);
    else if (a == "-h" || a == "--help") {
      std::printf("usage: %s [--json FILE] [--profile] [--only SUBSTRING] [--reps-ms MS] [--seed N]\n", argv[0]);
      return 0;
    } else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, rt = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  std::printf("device: %s (cc %d.%d, %d SMs), driver %d, runtime %d, mode %s\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, drv, rt, opt.profile ? "profile (one launch per kernel)" : "timing");
  if (prop.major < 8) {
    std::fprintf(stderr, "needs sm_80 or newer (cp.async kernels)\n");
    return 2;
  }
  if (!opt.profile) {
    CKB(cublasCreate(&cublas));
    CKB(cublasSetMathMode(cublas, CUBLAS_DEFAULT_MATH));
  }
  const auto t0 = std::chrono::steady_clock::now();
  run_transpose<float>("transpose_f32_32x8", "transpose_f32", "fp32", 32, 8, bad::launch_transpose_f32_32x8,
                       fixed::launch_transpose_f32_32x8, gen_f32);
  run_transpose<float>("transpose_f32_32x32", "transpose_f32", "fp32", 32, 32, bad::launch_transpose_f32_32x32,
                       fixed::launch_transpose_f32_32x32, gen_f32);
  run_transpose<__half>("transpose_f16", "transpose_f16", "fp16", 32, 8, bad::launch_transpose_f16,
                        fixed::launch_transpose_f16, gen_f16);
  run_transpose<int8_t>("transpose_i8", "transpose_i8", "int8", 32, 8, bad::launch_transpose_i8,
                        fixed::launch_transpose_i8, gen_i8);
  run_matmul_tiled();
  run_sgemm_family();
  run_hgemm();
  run_stencil2d();
  run_stencil3d();
  print_table_and_json(prop, drv, rt);
  std::printf("total %.1f s, %s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
              any_fail ? "SOME CHECKS FAILED" : "all checks passed");
  if (cublas) cublasDestroy(cublas);
  return any_fail ? 1 : 0;
}
