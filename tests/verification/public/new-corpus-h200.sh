#!/usr/bin/env bash
# Runs public kernels outside the calibration corpus on the GPU, unmodified, under Nsight Compute's
# source counters, and folds the per-line wavefronts (docs/verification/public-code-h200.md,
# "Outside the calibration corpus"). Usage, on the GPU machine:
#   new-corpus-h200.sh OUTDIR LIU_CHECKOUT LEIMAO_CHECKOUT BRUCE_LEE_LY_CHECKOUT
# (Liu-xiandong/How_to_optimize_in_GPU, leimao/CUDA-GEMM-Optimization, Bruce-Lee-LY/cuda_hgemm)
set -uo pipefail
out=$(realpath "$1"); liu=$(realpath "$2"); leimao=$(realpath "$3"); bly=$(realpath "$4")
here=$(cd "$(dirname "$0")" && pwd); fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d); mkdir -p "$out"
ncu_lines() {  # name binary-and-args... (kernel regex and launch count in K, N)
  local name=$1; shift
  ncu --clock-control none --section SourceCounters --import-source yes -k "regex:$K" --launch-count "$N" -f -o "$work/$name" "$@" > "$out/$name.log" 2>&1
  ncu --import "$work/$name.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$name.csv" 2>>"$out/$name.log"
  gzip -c "$work/$name.csv" > "$out/$name.ncu-source.csv.gz"
  python3 "$fold" --source-csv "$out/$name.ncu-source.csv.gz" -o "$out/$name.ncu-lines.json" >> "$out/$name.log" 2>&1
  echo "$name: $(grep -c '"line"' "$out/$name.ncu-lines.json" 2>/dev/null) lines"
}
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
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
