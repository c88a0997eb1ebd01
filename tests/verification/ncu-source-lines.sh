#!/usr/bin/env bash
# Runs one CUDA program under Nsight Compute's source counters and folds the Source page into
# wavefronts per source line: OUTDIR/NAME.log, NAME.ncu-source.csv.gz and NAME.ncu-lines.json
# (reference-kernels/tools/fold_ncu_source.py). Used by the *-h200.sh measurement scripts.
# Usage, on the GPU machine: ncu-source-lines.sh NAME PROGRAM OUTDIR
set -uo pipefail
name=$1; program=$2; out=$3
here=$(cd "$(dirname "$0")" && pwd); fold="$here/../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d)
ncu --clock-control none --section SourceCounters --import-source yes -f -o "$work/$name" "$program" > "$out/$name.log" 2>&1
ncu --import "$work/$name.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$name.csv" 2>> "$out/$name.log"
gzip -c "$work/$name.csv" > "$out/$name.ncu-source.csv.gz"
python3 "$fold" --source-csv "$out/$name.ncu-source.csv.gz" -o "$out/$name.ncu-lines.json" >> "$out/$name.log" 2>&1
rm -rf "$work"
