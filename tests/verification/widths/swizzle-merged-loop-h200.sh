#!/usr/bin/env bash
# Measures tests/cases/advisor_swizzle_merged_loop.cu as written and as `bankcheck --fix` left it
# (FIXED_CASE: cp tests/cases/advisor_swizzle_merged_loop.cu fixed.cu && bankcheck fixed.cu --fix):
# the SASS widths per line (the swizzled reads must stay LDS.128) and Nsight Compute's wavefronts
# per line. Usage, on the GPU machine: swizzle-merged-loop-h200.sh OUTDIR FIXED_CASE
# Compare: compare_public.py OUTDIR/before.ncu-lines.json <(bankcheck --format=json tests/cases/advisor_swizzle_merged_loop.cu)
set -uo pipefail
out=$(realpath "$1"); fixed=$(realpath "$2"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
for side in before after; do
  def=""; [ $side = after ] && def="-DCASE_FILE=\"$fixed\""
  nvcc -arch=sm_90 -lineinfo -O3 $def "$here/swzloop_case_main.cu" -o "$work/$side" > "$out/$side.build.log" 2>&1
  nvcc -arch=sm_90 -lineinfo -O3 $def -cubin -o "$work/$side.cubin" "$here/swzloop_case_main.cu" >> "$out/$side.build.log" 2>&1
  nvdisasm -g -c "$work/$side.cubin" > "$work/$side.sass"
  python3 "$here/../public/sass_line_widths.py" "$work/$side.sass" | sed "s|^$work/||" > "$out/$side.sass-widths.txt"
  "$work/$side" > "$out/$side.run.log" 2>&1; echo "exit $?" >> "$out/$side.run.log"
  bash "$here/../ncu-source-lines.sh" "$side" "$work/$side" "$out"
done
