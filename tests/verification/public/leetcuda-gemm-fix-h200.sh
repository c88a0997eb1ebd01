#!/usr/bin/env bash
# A fix bankcheck proposes for one of LeetCUDA's sliced-k GEMM files (kernels/sgemm/sgemm.cu,
# kernels/hgemm/naive/hgemm.cu; xlite-dev/LeetCUDA), measured on the GPU before and after: the
# SASS widths per line, Nsight Compute's wavefronts per line, the kernel time at base clocks (20
# launches), and the results of the two compared bitwise.
# The files are torch extensions: their host part and torch includes are cut, line numbers kept,
# and a main appended that launches the kernels given as its torch launchers do (block 16x16), on
# M = N = K = 4096 with the same pseudo-random inputs before and after.
# Prepare AFTER_CU here: cp CHECKOUT/kernels/.../FILE.cu after.cu &&
#   bankcheck after.cu --fix -- -I CHECKOUT/third-party/cutlass/include
# Usage, on the GPU machine:
#   leetcuda-gemm-fix-h200.sh OUTDIR BEFORE_CU AFTER_CU float|half 'kernel<128,128,8,8,8>' [more kernels]
set -uo pipefail
out=$(realpath "$1"); before=$(realpath "$2"); after=$(realpath "$3"); type=$4; shift 4
here=$(cd "$(dirname "$0")" && pwd)
fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"; work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
cut_host() { sed -e '/torch\//s/.*//' "$1" | awk -v n="$(grep -n 'define TORCH_BINDING_COMMON_EXTENSION' "$1" | cut -d: -f1)" 'NR < n'; }
launches=""; regex=""
for k in "$@"; do
  launches="$launches $k<<<grid, block>>>(a, b, c, M, N, K);"
  regex="$regex${regex:+|}${k%%<*}"
done
echo "kernels: $*" > "$out/kernels.txt"
for side in before after; do
  src=$([ $side = before ] && echo "$before" || echo "$after")
  cut_host "$src" > "$work/$side.cu"
  cat >> "$work/$side.cu" <<MAIN
#include <vector>
typedef $type T;
int main(int argc, char** argv) {
  const int M = 4096, N = 4096, K = 4096, repeat = argc > 2 ? atoi(argv[2]) : 1;
  std::vector<T> ha(size_t(M) * K), hb(size_t(K) * N), hc(size_t(M) * N);
  unsigned s = 12345;
  for (auto* v : {&ha, &hb})
    for (T& x : *v) { s = s * 1664525u + 1013904223u; x = T(float(int(s >> 9) % 2001 - 1000) / 1000.0f); }
  T *a, *b, *c;
  cudaMalloc(&a, ha.size() * sizeof(T)); cudaMalloc(&b, hb.size() * sizeof(T)); cudaMalloc(&c, hc.size() * sizeof(T));
  cudaMemcpy(a, ha.data(), ha.size() * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), hb.size() * sizeof(T), cudaMemcpyHostToDevice);
  dim3 block(16, 16), grid(N / 128, M / 128);
  FILE* f = fopen(argv[1], "wb");
  for (int i = 0; i < repeat; ++i) {
    ${launches}
  }
  // The results of the last kernel given.
  cudaMemcpy(hc.data(), c, hc.size() * sizeof(T), cudaMemcpyDeviceToHost);
  fwrite(hc.data(), sizeof(T), hc.size(), f); fclose(f);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
MAIN
  nvcc -arch=sm_90 -lineinfo -O3 -o "$work/$side" "$work/$side.cu" > "$out/$side.build.log" 2>&1
  nvcc -arch=sm_90 -lineinfo -O3 -cubin -o "$work/$side.cubin" "$work/$side.cu" >> "$out/$side.build.log" 2>&1
  nvdisasm -g -c "$work/$side.cubin" > "$work/$side.sass"
  python3 "$here/sass_line_widths.py" "$work/$side.sass" | sed "s|^$work/||" > "$out/$side.sass-widths.txt"
  "$work/$side" "$work/$side.out" 1 > "$out/$side.run.log" 2>&1; echo "exit $?" >> "$out/$side.run.log"
  ncu --clock-control none --section SourceCounters --import-source yes -k "regex:$regex" -c $# -f -o "$work/$side" "$work/$side" "$work/$side.ncu.out" 1 > "$out/$side.ncu.log" 2>&1
  ncu --import "$work/$side.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$side.csv" 2>> "$out/$side.ncu.log"
  gzip -c "$work/$side.csv" > "$out/$side.ncu-source.csv.gz"
  python3 "$fold" --source-csv "$out/$side.ncu-source.csv.gz" -o "$out/$side.ncu-lines.json" >> "$out/$side.ncu.log" 2>&1
  ncu --clock-control base --metrics gpu__time_duration.sum -k "regex:$regex" --csv "$work/$side" "$work/$side.t.out" 20 > "$out/$side.time.csv" 2>> "$out/$side.ncu.log"
done
cmp -s "$work/before.out" "$work/after.out" && echo "results of the last kernel: bitwise identical" > "$out/results.txt" || echo "results of the last kernel: DIFFER" > "$out/results.txt"
cat "$out/results.txt"
