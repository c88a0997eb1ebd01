#!/usr/bin/env bash
# Measures the width cases on the GPU under Nsight Compute's source counters (wavefronts per source
# line): tests/cases/narrow_type_merges.cu (narrow), tests/cases/neighbour_merges.cu (neighbour),
# tests/rules/bankcheck-nolint.cu (nolint); and records the SASS widths of the narrow-type probe
# (narrow-widths.sh). Usage, on the GPU machine: narrow-h200.sh OUTDIR
# Compare: compare_public.py OUTDIR/narrow.ncu-lines.json <(bankcheck --format=json tests/cases/narrow_type_merges.cu)
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
for c in narrow neighbour nolint; do
  nvcc -arch=sm_90 -lineinfo -O3 "$here/${c}_case_main.cu" -o "$work/$c" > "$out/$c.build.log" 2>&1
  bash "$here/../ncu-source-lines.sh" "$c" "$work/$c" "$out"
done
bash "$here/narrow-widths.sh" "$out/probe" > "$out/probe.log" 2>&1
