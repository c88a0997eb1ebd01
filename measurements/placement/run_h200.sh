#!/usr/bin/env bash
# Builds and runs shared_base_probe on the GPU machine; OUTDIR gets the CSV, the SASS and versions.
# Usage: run_h200.sh OUTDIR
set -euo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd); mkdir -p "$out"
nvcc -arch=sm_90 -lineinfo -O3 "$here/shared_base_probe.cu" -o "$out/shared_base_probe"
"$out/shared_base_probe" > "$out/shared-base.csv"
cuobjdump -sass "$out/shared_base_probe" > "$out/sass.txt"; rm "$out/shared_base_probe"
{ nvcc --version | tail -1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > "$out/env.txt"
cat "$out/shared-base.csv"
