#!/usr/bin/env bash
# tspeterkim/flash-attention-minimal's forward_kernel (flash.cu) and the file `bankcheck --fix`
# writes for it, on the GPU: Nsight Compute's source counters per line, and the time of 50 launches
# (docs/verification/public-code-h200.md). flash.cu is a torch extension: its host part (from
# `torch::Tensor forward(`) and the torch include are cut, line numbers kept, and a main appended
# that launches as `forward` does (Bc = Br = 32, 16 batches, 12 heads, N = 64, d = 64), with the
# byte count the fixed file's launch computes (`sram_size + sram_size / 128 * 4`) for the fix.
# Usage, on the GPU machine: flash-attention-minimal-h200.sh OUTDIR FLASH_CU FIXED_FLASH_CU
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"; work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
build() {  # name source extra-bytes-expression
  local n; n=$(grep -n 'torch::Tensor forward(' "$2" | cut -d: -f1)
  sed -e '/torch\//s/.*//' "$2" | awk -v n="$n" 'NR < n' > "$work/$1.cu"
  cat >> "$work/$1.cu" <<MAIN
#include <cmath>
#include <cstdio>
int main() {
  const int B = 16, nh = 12, N = 64, d = 64, Bc = 32, Br = 32;
  const int Tc = (N + Bc - 1) / Bc, Tr = (N + Br - 1) / Br;
  const float scale = 1.0f / sqrtf((float)d);
  float *Q, *K, *V, *O, *l, *m;
  const size_t qkv = (size_t)B * nh * N * d * sizeof(float), lm = (size_t)B * nh * N * sizeof(float);
  cudaMalloc(&Q, qkv); cudaMalloc(&K, qkv); cudaMalloc(&V, qkv); cudaMalloc(&O, qkv); cudaMalloc(&l, lm); cudaMalloc(&m, lm);
  cudaMemset(Q, 0, qkv); cudaMemset(K, 0, qkv); cudaMemset(V, 0, qkv); cudaMemset(O, 0, qkv); cudaMemset(l, 0, lm); cudaMemset(m, 0, lm);
  const int sram_size = (3 * Bc * d * sizeof(float)) + (Bc * Br * sizeof(float));
  const int bytes = sram_size + $3;
  dim3 grid_dim(B, nh), block_dim(Bc);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  forward_kernel<<<grid_dim, block_dim, bytes>>>(Q, K, V, N, d, Tc, Tr, Bc, Br, scale, l, m, O);
  cudaEventRecord(a);
  for (int r = 0; r < 50; ++r) forward_kernel<<<grid_dim, block_dim, bytes>>>(Q, K, V, N, d, Tc, Tr, Bc, Br, scale, l, m, O);
  cudaEventRecord(b); cudaEventSynchronize(b);
  float ms = 0; cudaEventElapsedTime(&ms, a, b);
  printf("%s: %.2f us per launch (%d bytes of shared memory)\\n", "$1", 1000.0f * ms / 50, bytes);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
MAIN
  nvcc -arch=sm_90 -lineinfo -O3 -o "$work/$1" "$work/$1.cu" > "$out/$1.build.log" 2>&1
  for r in 1 2 3; do "$work/$1"; done > "$out/$1.time.txt" 2>&1
  ncu --clock-control none --section SourceCounters --import-source yes -k regex:forward_kernel --launch-count 1 -f -o "$work/$1" "$work/$1" > "$out/$1.log" 2>&1
  ncu --import "$work/$1.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$1.csv" 2>> "$out/$1.log"
  gzip -c "$work/$1.csv" > "$out/$1.ncu-source.csv.gz"
  python3 "$fold" --source-csv "$out/$1.ncu-source.csv.gz" -o "$out/$1.ncu-lines.json" >> "$out/$1.log" 2>&1
  cat "$out/$1.time.txt"
}
build flash "$2" 0
build flash_fixed "$3" "sram_size / 128 * 4"
