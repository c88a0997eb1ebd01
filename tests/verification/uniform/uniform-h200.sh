#!/usr/bin/env bash
# Measures this session's reach cases on the GPU under Nsight Compute's source counters
# (wavefronts per source line): tests/cases/uniform_values.cu (uniform) and
# tests/cases/shared_address_helpers.cu (helpers). Usage, on the GPU machine: uniform-h200.sh OUTDIR
# Compare: compare_public.py OUTDIR/uniform.ncu-lines.json <(bankcheck --format=json tests/cases/uniform_values.cu)
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
for c in uniform helpers; do
  nvcc -arch=sm_90 -lineinfo -O3 --extended-lambda "$here/${c}_case_main.cu" -o "$work/$c" > "$out/$c.build.log" 2>&1
  "$work/$c" > "$out/$c.run.log" 2>&1; echo "exit $?" >> "$out/$c.run.log"
  bash "$here/../ncu-source-lines.sh" "$c" "$work/$c" "$out"
done
