#!/usr/bin/env bash
# Measures tests/cases/narrow_type_merges.cu on the GPU under Nsight Compute's source counters
# (wavefronts per source line) and records the SASS widths of the narrow-type probe
# (narrow-widths.sh). Usage, on the GPU machine: narrow-h200.sh OUTDIR
# Compare: compare_public.py OUTDIR/case.ncu-lines.json <(bankcheck --format=json tests/cases/narrow_type_merges.cu)
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd); fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
nvcc -arch=sm_90 -lineinfo -O3 "$here/narrow_case_main.cu" -o "$work/case" > "$out/build.log" 2>&1
ncu --clock-control none --section SourceCounters --import-source yes -f -o "$work/case" "$work/case" > "$out/case.log" 2>&1
ncu --import "$work/case.ncu-rep" --page source --csv --print-source cuda,sass > "$work/case.csv" 2>> "$out/case.log"
gzip -c "$work/case.csv" > "$out/case.ncu-source.csv.gz"
python3 "$fold" --source-csv "$out/case.ncu-source.csv.gz" -o "$out/case.ncu-lines.json" >> "$out/case.log" 2>&1
bash "$here/narrow-widths.sh" "$out/probe" > "$out/probe.log" 2>&1
