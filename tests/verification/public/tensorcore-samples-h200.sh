#!/usr/bin/env bash
# Runs the CUDA samples' bf16, tf32, double and int8 tensor-core GEMMs, unmodified, under Nsight
# Compute's source counters and folds the per-line wavefronts, for the wmma fragment kinds measured
# on 2026-12-05 (docs/verification/public-code-h200.md, "A seventh batch").
# Usage, on the GPU machine:
#   tensorcore-samples-h200.sh OUTDIR CUDA_SAMPLES_CHECKOUT
# CUDA_SAMPLES_CHECKOUT: NVIDIA/cuda-samples (Common/ and Samples/3_CUDA_Features/ are enough).
set -uo pipefail
out=$(realpath "$1"); src=$(realpath "$2")
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
f="$src/Samples/3_CUDA_Features"
for s in bf16TensorCoreGemm tf32TensorCoreGemm dmmaTensorCoreGemm immaTensorCoreGemm; do
  nvcc -arch=sm_90 -lineinfo -O3 -I "$src/Common" "$f/$s/$s.cu" -o "$work/$s" >> "$out/build.log" 2>&1 || echo "build failed: $s" | tee -a "$out/build.log"
done
# Each sample picks its kernel with -kernel=N (the simple ones read global memory: nothing shared).
for k in 0 1; do K="compute_bf16gemm" N=1 ncu_lines "bf16TensorCoreGemm-k$k" "$work/bf16TensorCoreGemm" -kernel=$k; done
for k in 0 1; do K="compute_tf32gemm" N=1 ncu_lines "tf32TensorCoreGemm-k$k" "$work/tf32TensorCoreGemm" -kernel=$k; done
for k in 0 1 2; do K="compute_dgemm" N=1 ncu_lines "dmmaTensorCoreGemm-k$k" "$work/dmmaTensorCoreGemm" -kernel=$k; done
K="compute_gemm_imma" N=1 ncu_lines "immaTensorCoreGemm" "$work/immaTensorCoreGemm"
