#!/usr/bin/env bash
# Runs alexarmbr/matmul-playground's kernels 3 and 4 (fp16 mma.sync GEMMs whose ldmatrix addresses
# are swizzled on the shared address itself: `addr ^ ((addr & 0b1110000 << B) >> B)`), unmodified,
# under Nsight Compute's source counters, and folds the per-line wavefronts
# (docs/verification/public-code-h200.md, "A fifth batch").
# Usage, on the GPU machine:
#   fifth-batch-h200.sh OUTDIR MATMUL_PLAYGROUND_SRC
# MATMUL_PLAYGROUND_SRC: the repository's src/ (main.cu, kernel1..6.cu, cublas_benchmark.cu).
set -uo pipefail
out=$(realpath "$1"); src=$(realpath "$2")
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
# The repository calls a constexpr host function from its kernels: nvcc needs --expt-relaxed-constexpr.
(cd "$src" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 --expt-relaxed-constexpr main.cu kernel1.cu kernel2.cu kernel3.cu \
   kernel4.cu kernel5.cu kernel6.cu cublas_benchmark.cu -lcublas -o "$work/mp") >> "$out/build.log" 2>&1
for k in 3 4; do
  K="kernel_$k" N=1 ncu_lines "matmul-playground-kernel$k" "$work/mp" "$k" 1 2048 2048 2048
done
