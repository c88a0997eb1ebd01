#!/usr/bin/env bash
# Runs public kernels outside the calibration corpus on the GPU, unmodified, under Nsight Compute's
# source counters, and folds the per-line wavefronts (docs/verification/public-code-h200.md,
# "Outside the calibration corpus"). Usage, on the GPU machine:
#   new-corpus-h200.sh OUTDIR LIU_CHECKOUT LEIMAO_CHECKOUT BRUCE_LEE_LY_CHECKOUT
# (Liu-xiandong/How_to_optimize_in_GPU, leimao/CUDA-GEMM-Optimization, Bruce-Lee-LY/cuda_hgemm)
set -uo pipefail
out=$(realpath "$1"); liu=$(realpath "$2"); leimao=$(realpath "$3"); bly=$(realpath "$4")
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
for v in 1 3; do
  (cd "$liu/sgemm" && nvcc -arch=sm_90 -lineinfo -O3 sgemm_v$v.cu -lcublas -o "$work/liu_v$v") >> "$out/build.log" 2>&1
  K=Sgemm N=1 ncu_lines liu-sgemm_v$v "$work/liu_v$v" 1024 1024 1024
done
(cd "$leimao" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -I include src/0[4-6]*.cu src/cuda_gemm_utils.cu \
  "$here/gemm_launchers_main.cu" -o "$work/leimao32") >> "$out/build.log" 2>&1
K='gemm_v0[4-6]' N=7 ncu_lines leimao-fp32 "$work/leimao32"
launchers='X(mmaBase)X(mmaNaive)X(mmaAsync)X(mmaAsyncPg2s)X(mmaAsyncStage3)X(wmmaBase)X(wmmaPadding)X(wmmaAsyncStage2)'
echo "#define LAUNCHERS $launchers" > "$work/launchers.h"
(cd "$bly" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -I src/common -include "$work/launchers.h" "$here/hgemm_launchers_main.cu" \
  src/mma/*.cu src/wmma/*.cu -lcublas -o "$work/bly") >> "$out/build.log" 2>&1
K=Kernel N=8 ncu_lines bly-hgemm "$work/bly"
