#!/usr/bin/env bash
# Runs public kernels outside the calibration corpus, unmodified, under Nsight Compute's source
# counters, and folds the per-line wavefronts (docs/verification/public-code-h200.md, "Third batch").
# Usage, on the GPU machine:
#   third-batch-h200.sh OUTDIR ALEXARMBR_CHECKOUT WANGZYON_CHECKOUT
# (alexarmbr/matmul-playground: fp16 mma.sync GEMMs with ldmatrix through a PTX `cvta.to.shared`
#  helper, XOR-swizzled addresses and a double buffer reached by a pointer that moves each
#  iteration; wangzyon/NVIDIA_SGEMM_PRACTICE: fp32 tiled SGEMMs.)
set -uo pipefail
out=$(realpath "$1"); alex=$(realpath "$2"); wz=$(realpath "$3")
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
# The repository's CMakeLists.txt passes --expt-relaxed-constexpr (kernels 3-6 need it) and -dlcm=cg.
(cd "$alex" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 --expt-relaxed-constexpr -Xptxas -dlcm=cg -I src src/main.cu \
  src/kernel[1-6].cu src/cublas_benchmark.cu -lcublas -o "$work/alex") >> "$out/build.log" 2>&1
for k in 1 2 3 4 5 6; do
  K="kernel_$k" N=1 ncu_lines "alexarmbr-kernel$k" "$work/alex" $k 1 4096 4096 4096
done
(cd "$wz" && nvcc -arch=sm_90 -lineinfo -O3 -I src sgemm.cu src/utils.cu -lcublas -o "$work/wz") >> "$out/build.log" 2>&1
for k in 1 2 3 4 5 6 7; do
  K="mysgemm_v$k" N=1 ncu_lines "wangzyon-sgemm$k" "$work/wz" $k
done
