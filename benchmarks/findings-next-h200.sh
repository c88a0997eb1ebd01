#!/bin/bash
# One GPU call for the entries of benchmarks/findings-next.txt. Run from the repository root on the
# GPU machine:
#   benchmarks/findings-next-h200.sh PREPARED_DIR
# PREPARED_DIR: the output of
#   benchmarks/findings prepare --corpus FILE --out PREPARED_DIR NVIDIA/cuda-samples=CHECKOUT@COMMIT ...
# (carried to the machine, e.g. under .device-carry/). Result: $OUT/findings.tar.gz (the ncu exports
# and kernel times per entry, the build logs, the environment).
set -x
export PATH=/usr/local/cuda/bin:$PATH
prepared=$(realpath "$1"); res=/tmp/findings-next-out; mkdir -p "$res"
start=$(date +%s)
python3 benchmarks/findings measure "$prepared" "$res" --timeout 200 > "$res/measure-stderr.log" 2>&1
# LeetCUDA's own check against cuBLAS (its program without HGEMM_MMA_DEBUG checks 5 sizes, then
# times 64; the first lines are kept) and compute-sanitizer's memcheck, before and after the fix.
for pair in hgemm_mma_stage_swizzle:kernels/hgemm/mma/swizzle/hgemm_mma_stage_swizzle.cu \
            hgemm_mma_stage:kernels/hgemm/mma/basic/hgemm_mma_stage.cu; do
  name=${pair%%:*}; src=${pair#*:}
  [ -d "$prepared/$name" ] || continue
  for v in before after; do
    d="$prepared/$name/$v"
    (cd "$d" && nvcc -arch=sm_90 -O3 -I kernels/hgemm/utils "$src" -lcublas -o check > "$res/$name-$v-check-build.log" 2>&1 &&
       timeout 60 stdbuf -oL ./check 2>&1 | head -12 > "$res/$name-$v-check.txt"; echo "exit ${PIPESTATUS[0]}" >> "$res/$name-$v-check.txt")
    (cd "$d" && compute-sanitizer --tool memcheck ./app 1024 1024 1024 1 1 > "$res/$name-$v-memcheck.txt" 2>&1; echo "exit $?" >> "$res/$name-$v-memcheck.txt")
  done
done
# Where dynamic shared memory starts when its declaration asks for an alignment (placement probe).
bash measurements/placement/run_h200.sh "$res/placement" > "$res/placement.log" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$res/environment.txt"
ncu --version | tail -1 >> "$res/environment.txt"; nvcc --version | tail -2 >> "$res/environment.txt"
tar czf "$OUT/findings.tar.gz" -C "$(dirname "$res")" "$(basename "$res")"
echo "done in $(( $(date +%s) - start )) s"
