#!/usr/bin/env bash
# Measures the cases whose widths follow the used words of a vector and merges across inlined
# calls, under Nsight Compute's source counters (wavefronts per source line):
# tests/cases/merges_across_calls.cu (calls), vector_words_used.cu (words), vector_types.cu
# (vtypes), float4_tiles.cu (f4tiles), advisor_double_buffer.cu (dbuf), advisor_flattened_pointer.cu
# (flat); and the SASS widths of the probe (call-and-component-h200.sh).
# Usage, on the GPU machine: words-h200.sh OUTDIR
# Compare: compare_public.py OUTDIR/words.ncu-lines.json <(bankcheck --format=json tests/cases/vector_words_used.cu)
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
for c in calls words vtypes f4tiles dbuf flat; do
  nvcc -arch=sm_90 -lineinfo -O3 "$here/${c}_case_main.cu" -o "$work/$c" > "$out/$c.build.log" 2>&1
  "$work/$c" > "$out/$c.run.log" 2>&1; echo "exit $?" >> "$out/$c.run.log"
  bash "$here/../ncu-source-lines.sh" "$c" "$work/$c" "$out"
done
bash "$here/call-and-component-h200.sh" "$out/probe" > "$out/probe.log" 2>&1
