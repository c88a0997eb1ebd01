#!/usr/bin/env bash
# Measures double4_probe.cu per source line under Nsight Compute's source counters: run on the GPU
# machine from the repository root with OUT set; then, here,
#   bankcheck --format=json measurements/widths/double4_probe.cu -- > bankcheck.json
#   tests/verification/public/compare_public.py OUT/probe.ncu-lines.json bankcheck.json
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${OUT:?set OUT}
fold="$here/../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d)
nvcc -arch=sm_90 -lineinfo -O3 -o "$work/probe" "$here/double4_probe.cu" > "$out/build.log" 2>&1
"$work/probe" > "$out/run.log" 2>&1
ncu --clock-control none --section SourceCounters --import-source yes -f -o "$work/probe" "$work/probe" > "$out/ncu.log" 2>&1
ncu --import "$work/probe.ncu-rep" --page source --csv --print-source cuda,sass > "$work/probe.csv" 2>>"$out/ncu.log"
gzip -c "$work/probe.csv" > "$out/probe.ncu-source.csv.gz"
python3 "$fold" --source-csv "$out/probe.ncu-source.csv.gz" -o "$out/probe.ncu-lines.json" >> "$out/ncu.log" 2>&1
cuobjdump -sass "$work/probe" | grep -E "STS|LDS" > "$out/sass-shared.txt" || true
{ nvcc --version | tail -1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; } > "$out/environment.txt"
