#!/usr/bin/env bash
# Measures call_and_component_probe.cu on the GPU: Nsight Compute's wavefronts per source line
# (probe.ncu-lines.json) and the SASS widths per kernel and line (sass-widths.txt, kernel-names.tsv,
# as narrow-widths.sh writes them). Usage, on the GPU machine: call-and-component-h200.sh OUTDIR
# Compare: compare_public.py OUTDIR/probe.ncu-lines.json <(bankcheck --format=json call_and_component_probe.cu)
set -uo pipefail
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); mkdir -p "$out"
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
src="$here/call_and_component_probe.cu"
nvcc -arch=sm_90 -lineinfo -O3 -DPROBE_MAIN "$src" -o "$work/probe" > "$out/build.log" 2>&1
"$work/probe" > "$out/run.log" 2>&1; echo "exit $?" >> "$out/run.log"
bash "$here/../ncu-source-lines.sh" probe "$work/probe" "$out"
nvcc -arch=sm_90 -lineinfo -O3 -cubin -o "$work/probe.cubin" "$src" >> "$out/build.log" 2>&1
nvdisasm -g -c "$work/probe.cubin" > "$work/probe.sass"
python3 "$here/../public/sass_line_widths.py" "$work/probe.sass" > "$out/sass-widths.txt"
awk '{print $2}' "$out/sass-widths.txt" | sort -u > "$work/names.txt"
cu++filt < "$work/names.txt" > "$work/demangled.txt"
paste -d'\t' "$work/names.txt" "$work/demangled.txt" > "$out/kernel-names.tsv"
gzip -c "$work/probe.sass" > "$out/probe.sass.gz"
