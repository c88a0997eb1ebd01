#!/usr/bin/env bash
# The SASS widths ptxas emits for swizzle_merge_probe.cu, per kernel and source line (as
# narrow-widths.sh writes them). Needs nvcc and nvdisasm (the GPU machine has both; no GPU run).
# Usage: swizzle-merge.sh OUTDIR
set -ex
out=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd); mkdir -p "$out"; w=$(mktemp -d)
nvcc --version | tail -1 > "$out/toolkit.txt"
nvcc -arch=sm_90 -lineinfo -O3 -cubin -o $w/probe.cubin "$here/swizzle_merge_probe.cu" > "$out/build.log" 2>&1
nvdisasm -g -c $w/probe.cubin > $w/probe.sass
python3 "$here/../public/sass_line_widths.py" $w/probe.sass | sed "s|^$w/||" > "$out/sass-widths.txt"
gzip -c $w/probe.sass > "$out/probe.sass.gz"
