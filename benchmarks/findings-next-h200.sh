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
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$res/environment.txt"
ncu --version | tail -1 >> "$res/environment.txt"; nvcc --version | tail -2 >> "$res/environment.txt"
tar czf "$OUT/findings.tar.gz" -C "$(dirname "$res")" "$(basename "$res")"
echo "done in $(( $(date +%s) - start )) s"
