#!/bin/bash
# One GPU call for the work prepared on 2026-12-05 (benchmarks/findings-next.txt and the .cg layout
# probe, measurements/cpasync/run_layout_h200.sh). Run from the repository root on the GPU machine:
#   benchmarks/findings-next-h200.sh PREPARED_DIR
# PREPARED_DIR: the output of
#   benchmarks/findings prepare --corpus benchmarks/findings-next.txt --out PREPARED_DIR \
#       NVIDIA/cuda-samples=CHECKOUT@COMMIT xlite-dev/LeetCUDA=CHECKOUT@COMMIT
# (carried to the machine, e.g. as a tarball). Results: $OUT/layout.tar.gz and $OUT/findings.tar.gz
# (the ncu exports per entry, LeetCUDA's own cuBLAS check of hgemm_mma_stage_tn before and after the
# fix, compute-sanitizer's memcheck of both, the environment).
set -x
export PATH=/usr/local/cuda/bin:$PATH
prepared=$(realpath "$1"); res=/tmp/findings-next-out; mkdir -p "$res"
start=$(date +%s)
bash measurements/cpasync/run_layout_h200.sh > "$OUT/layout.log" 2>&1
python3 benchmarks/findings measure "$prepared" "$res" --timeout 200 > "$res/measure-stderr.log" 2>&1
for v in before after; do
  d="$prepared/hgemm_mma_stage_tn/$v"
  (cd "$d" && nvcc -arch=sm_90 -O3 -I kernels/hgemm/utils kernels/hgemm/mma/basic/hgemm_mma_stage_tn.cu -lcublas -o check \
     > "$res/tn-$v-check-build.log" 2>&1 && timeout 60 stdbuf -oL ./check > "$res/tn-$v-check.txt" 2>&1; echo "exit $?" >> "$res/tn-$v-check.txt")
  (cd "$d" && compute-sanitizer --tool memcheck ./app 1024 1024 1024 1 1 > "$res/tn-$v-memcheck.txt" 2>&1; echo "exit $?" >> "$res/tn-$v-memcheck.txt")
done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$res/environment.txt"
ncu --version | tail -1 >> "$res/environment.txt"; nvcc --version | tail -2 >> "$res/environment.txt"
tar czf "$OUT/findings.tar.gz" -C "$(dirname "$res")" "$(basename "$res")"
echo "done in $(( $(date +%s) - start )) s"
