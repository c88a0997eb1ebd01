#!/usr/bin/env bash
# The advisor's swizzle of LeetCUDA's sgemm `s_b` (kernels/sgemm/sgemm.cu, xlite-dev/LeetCUDA),
# written on the aligned column of the unrolled read (`swz(col - n % 4) + n % 4`), measured on the
# GPU before and after: the SASS widths per line (the read must stay LDS.128), Nsight Compute's
# wavefronts per line, the kernel time at base clocks, and the results of the two compared.
# The file is a torch extension: its host part and torch includes are cut, line numbers kept, and a
# main appended that launches sgemm_t_8x8_sliced_k_f32x4_kernel<128,128,8,8,8> as the file's torch
# launcher does (block 16x16), on M = N = K = 4096.
# Prepare AFTER_CU here: cp CHECKOUT/kernels/sgemm/sgemm.cu after.cu &&
#   bankcheck after.cu --fix -- -I CHECKOUT/third-party/cutlass/include
# Usage, on the GPU machine: leetcuda-sgemm-swizzle-h200.sh OUTDIR BEFORE_CU AFTER_CU
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"; work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
cut_host() { sed -e '/torch\//s/.*//' "$1" | awk -v n="$(grep -n 'define TORCH_BINDING_COMMON_EXTENSION' "$1" | cut -d: -f1)" 'NR < n'; }
for side in before after; do
  src=$(realpath "$([ $side = before ] && echo "$2" || echo "$3")")
  cut_host "$src" > "$work/$side.cu"
  cat >> "$work/$side.cu" <<'MAIN'
#include <vector>
int main(int argc, char** argv) {
  const int M = 4096, N = 4096, K = 4096, launches = argc > 2 ? atoi(argv[2]) : 1;
  std::vector<float> ha(size_t(M) * K), hb(size_t(K) * N), hc(size_t(M) * N);
  unsigned s = 12345;
  for (auto* v : {&ha, &hb})
    for (float& x : *v) { s = s * 1664525u + 1013904223u; x = float(int(s >> 9) % 2001 - 1000) / 1000.0f; }
  float *a, *b, *c;
  cudaMalloc(&a, ha.size() * 4); cudaMalloc(&b, hb.size() * 4); cudaMalloc(&c, hc.size() * 4);
  cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice);
  dim3 block(16, 16), grid(N / 128, M / 128);
  for (int i = 0; i < launches; ++i) sgemm_t_8x8_sliced_k_f32x4_kernel<128, 128, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost);
  FILE* f = fopen(argv[1], "wb"); fwrite(hc.data(), 4, hc.size(), f); fclose(f);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
MAIN
  nvcc -arch=sm_90 -lineinfo -O3 -o "$work/$side" "$work/$side.cu" > "$out/$side.build.log" 2>&1
  nvcc -arch=sm_90 -lineinfo -O3 -cubin -o "$work/$side.cubin" "$work/$side.cu" >> "$out/$side.build.log" 2>&1
  nvdisasm -g -c "$work/$side.cubin" > "$work/$side.sass"
  python3 "$here/sass_line_widths.py" "$work/$side.sass" | sed "s|^$work/||" > "$out/$side.sass-widths.txt"
  "$work/$side" "$work/$side.out" 1 > "$out/$side.run.log" 2>&1; echo "exit $?" >> "$out/$side.run.log"
  ncu --clock-control none --section SourceCounters --import-source yes -k regex:sgemm_t_8x8 -c 1 -f -o "$work/$side" "$work/$side" "$work/$side.ncu.out" 1 > "$out/$side.ncu.log" 2>&1
  ncu --import "$work/$side.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$side.csv" 2>> "$out/$side.ncu.log"
  gzip -c "$work/$side.csv" > "$out/$side.ncu-source.csv.gz"
  python3 "$fold" --source-csv "$out/$side.ncu-source.csv.gz" -o "$out/$side.ncu-lines.json" >> "$out/$side.ncu.log" 2>&1
  ncu --clock-control base --metrics gpu__time_duration.sum -k regex:sgemm_t_8x8 --csv "$work/$side" "$work/$side.t.out" 20 > "$out/$side.time.csv" 2>> "$out/$side.ncu.log"
done
python3 - "$work/before.out" "$work/after.out" > "$out/results.txt" <<'PY'
import struct, sys
a = open(sys.argv[1], "rb").read(); b = open(sys.argv[2], "rb").read()
n = len(a) // 4
x = struct.unpack(f"{n}f", a); y = struct.unpack(f"{n}f", b)
print(f"{n} results, identical: {sum(1 for i in range(n) if x[i] == y[i])}, max |difference|: {max(abs(x[i] - y[i]) for i in range(n))}")
PY
cat "$out/results.txt"
