#!/usr/bin/env bash
# Measures a case of tests/cases as written and as `bankcheck --fix` left it: the SASS widths per
# line and Nsight Compute's wavefronts per line, for each, built with the host program case_main.cu
# (which calls the case's `launch`). FIXED_CASE is made here with
#   cp tests/cases/CASE.cu fixed.cu && bankcheck fixed.cu --fix
# Usage, on the GPU machine: case-before-after-h200.sh OUTDIR CASE FIXED_CASE
# Compare: public/compare_public.py OUTDIR/before.ncu-lines.json <(bankcheck --format=json tests/cases/CASE.cu)
set -uo pipefail
out=$(realpath "$1"); case=$(realpath "$2"); fixed=$(realpath "$3"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
for side in before after; do
  src=$case; [ $side = after ] && src=$fixed
  nvcc -arch=sm_90 -lineinfo -O3 "-DCASE_FILE=\"$src\"" "$here/case_main.cu" -o "$work/$side" > "$out/$side.build.log" 2>&1
  nvcc -arch=sm_90 -lineinfo -O3 "-DCASE_FILE=\"$src\"" -cubin -o "$work/$side.cubin" "$here/case_main.cu" >> "$out/$side.build.log" 2>&1
  nvdisasm -g -c "$work/$side.cubin" > "$work/$side.sass"
  python3 "$here/public/sass_line_widths.py" "$work/$side.sass" | sed "s|^$work/||" > "$out/$side.sass-widths.txt"
  "$work/$side" > "$out/$side.run.log" 2>&1; echo "exit $?" >> "$out/$side.run.log"
  bash "$here/ncu-source-lines.sh" "$side" "$work/$side" "$out"
done
