#!/usr/bin/env bash
# Measures a probe's kernels (cg_memcpy_probe.cu, or the probe given as the argument) under Nsight
# Compute's source counters (one launch each) and folds the per-line wavefronts: run on the GPU
# machine from the repository root, with OUT set to the output directory. compare_cg_kernels.py
# then compares them with bankcheck per kernel.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${OUT:?set OUT}
fold="$here/../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d)
probe=${1:-$here/cg_memcpy_probe.cu}
nvcc -arch=sm_90 -lineinfo -std=c++17 -o "$work/probe" "$probe" > "$out/build.log" 2>&1
cuobjdump -sass "$work/probe" | grep -E "Function :|LDGSTS|UBLKCP|SYNCS" > "$out/sass-copies.txt" || true
"$work/probe" > "$out/run.log" 2>&1
ncu --clock-control none --section SourceCounters --import-source yes -f -o "$work/probe" "$work/probe" > "$out/ncu.log" 2>&1
ncu --import "$work/probe.ncu-rep" --page source --csv --print-source cuda,sass > "$work/probe.csv" 2>>"$out/ncu.log"
gzip -c "$work/probe.csv" > "$out/probe.ncu-source.csv.gz"
python3 "$fold" --source-csv "$out/probe.ncu-source.csv.gz" -o "$out/probe.ncu-lines.json" >> "$out/ncu.log" 2>&1
{ nvcc --version | tail -1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; } > "$out/environment.txt"
