#!/usr/bin/env bash
# Runs LeetCUDA's fp16 sliced-k GEMM kernels (kernels/hgemm/naive/hgemm.cu, xlite-dev/LeetCUDA) on
# the GPU under Nsight Compute's source counters, with the block the file's torch launchers use
# (16x16), and folds the per-line wavefronts (docs/verification/public-code-h200.md). The file is a
# torch extension: its host part and torch includes are cut, line numbers kept, and a main appended
# that launches the six t_8x8 kernels as the launchers do, on M = N = K = 1024.
# Usage, on the GPU machine: leetcuda-hgemm-h200.sh OUTDIR HGEMM_CU
set -uo pipefail
out=$(realpath "$1"); src=$(realpath "$2"); here=$(cd "$(dirname "$0")" && pwd)
fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"; work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
n=$(grep -n 'define TORCH_BINDING_COMMON_EXTENSION' "$src" | cut -d: -f1)
sed -e '/torch\//s/.*//' "$src" | awk -v n="$n" 'NR < n' > "$work/hgemm.cu"
cat >> "$work/hgemm.cu" <<'MAIN'
int main() {
  const int M = 1024, N = 1024, K = 1024;
  half *a, *b, *c;
  cudaMalloc(&a, M * K * sizeof(half)); cudaMalloc(&b, K * N * sizeof(half)); cudaMalloc(&c, M * N * sizeof(half));
  cudaMemset(a, 0, M * K * sizeof(half)); cudaMemset(b, 0, K * N * sizeof(half));
  dim3 block(16, 16), grid(N / 128, M / 128);
  hgemm_t_8x8_sliced_k_f16x4_kernel<128, 128, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  hgemm_t_8x8_sliced_k_f16x4_pack_kernel<128, 128, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  hgemm_t_8x8_sliced_k_f16x4_bcf_kernel<128, 128, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  hgemm_t_8x8_sliced_k_f16x4_pack_bcf_kernel<128, 128, 8, 8, 8, 4><<<grid, block>>>(a, b, c, M, N, K);
  hgemm_t_8x8_sliced_k_f16x8_pack_bcf_kernel<128, 128, 8, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  hgemm_t_8x8_sliced_k_f16x8_pack_bcf_dbuf_kernel<128, 128, 8, 8, 8, 8><<<grid, block>>>(a, b, c, M, N, K);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
MAIN
nvcc -arch=sm_90 -lineinfo -O3 -o "$work/hgemm" "$work/hgemm.cu" > "$out/build.log" 2>&1
ncu --clock-control none --section SourceCounters --import-source yes -k regex:hgemm_t_8x8 -f -o "$work/hgemm" "$work/hgemm" > "$out/hgemm.log" 2>&1
ncu --import "$work/hgemm.ncu-rep" --page source --csv --print-source cuda,sass > "$work/hgemm.csv" 2>> "$out/hgemm.log"
gzip -c "$work/hgemm.csv" > "$out/leetcuda-hgemm.ncu-source.csv.gz"
python3 "$fold" --source-csv "$out/leetcuda-hgemm.ncu-source.csv.gz" -o "$out/leetcuda-hgemm.ncu-lines.json" >> "$out/hgemm.log" 2>&1
echo "$(grep -c '"line"' "$out/leetcuda-hgemm.ncu-lines.json") lines"
