// Times the hgemm_mma reference pair (kernels/hgemm_mma.bad.cu and .fixed.cu, the latter
// bankcheck --fix's output) against cuBLAS with the probe harness, twice, outside the reference
// harness: raw/experiments/hgemm-dynamic-pair.txt has its output.
//   nvcc -arch=sm_90 -O3 -std=c++17 -lineinfo -o hpt hgemm_pair_timing.cu -lcublas && ./hpt
#include "hgemm_probe_harness.h"
#define REFK_VARIANT bad
#include "../kernels/hgemm_mma.bad.cu"
#undef REFK_VARIANT
#define REFK_VARIANT fixed
#include "../kernels/hgemm_mma.fixed.cu"
#undef REFK_VARIANT

template <class Launch>
void one(const char* name, Launch launch) {
  auto run = [&] { CK(launch(M, N, K, dA, dB, dC, 0)); };
  const double err = relativeError(run);
  const float ms = timeIt(run);
  const double gf = 2.0 * M * N * K / (ms * 1e6);
  std::printf("%-8s %.4f ms %8.0f GFLOP/s %5.1f%% of cuBLAS rel.err %.1e\n", name, ms, gf, 100 * gf / cublasGflops, err);
}

int main() {
  setUpProblem();
  for (int r = 0; r < 2; ++r) {
    one("bad", bad::launch_hgemm_mma);
    one("fixed", fixed::launch_hgemm_mma);
  }
}
