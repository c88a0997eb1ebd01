#!/bin/bash
# The SASS widths ptxas emits for the narrow-type probe (narrow_merge_probe.cu), per kernel and
# source line, for comparison with bankcheck's predicted widths (compare_widths.py). Needs nvcc and
# nvdisasm (the GPU machine has both; no GPU run). Usage: narrow-widths.sh OUTDIR
set -ex
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd); mkdir -p "$out"; w=$(mktemp -d)
nvcc --version | tail -2 > "$out/toolkit.txt"
nvcc -arch=sm_90 -lineinfo -O3 -cubin -o $w/probe.cubin "$here/narrow_merge_probe.cu" > "$out/build.log" 2>&1
nvdisasm -g -c $w/probe.cubin > $w/probe.sass
python3 "$here/../public/sass_line_widths.py" $w/probe.sass > $w/counts.txt
# Demangled kernel names, so that the rows match bankcheck's instance names.
awk '{print $2}' $w/counts.txt | sort -u > $w/names.txt
cu++filt < $w/names.txt > $w/demangled.txt
paste -d'\t' $w/names.txt $w/demangled.txt > "$out/kernel-names.tsv"
cp $w/counts.txt "$out/sass-widths.txt"
gzip -c $w/probe.sass > "$out/probe.sass.gz"
