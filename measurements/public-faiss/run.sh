#!/bin/bash
# On the GPU machine, from the repository root: builds faiss's block-wide k-selection for k = 32,
# 128 and 1024 (three of faiss's own .cu files, unmodified, with block_select_driver.cu), checks
# its results, and reads every shared-memory line's wavefronts with Nsight Compute.
#   FAISS=<faiss checkout> measurements/public-faiss/run.sh     (results under $OUT/public-faiss)
# Then, here: measurements/public-faiss/compare.sh (folds the export and compares with bankcheck).
set -x
export PATH=/usr/local/cuda/bin:$PATH
d=measurements/public-faiss; o=$OUT/public-faiss; bin=/tmp/block-select; mkdir -p "$o"
b=$FAISS/faiss/gpu/utils/blockselect
nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -I "$FAISS" -o "$bin" "$d/block_select_driver.cu" \
  "$b/BlockSelectFloat32.cu" "$b/BlockSelectFloat128.cu" "$b/BlockSelectFloatF1024.cu" \
  "$FAISS/faiss/impl/FaissException.cpp" 2>&1 | tail -5
"$bin" | tee "$o/run.txt"
ncu --clock-control none --section SourceCounters --import-source yes -k regex:blockSelect \
  --launch-count 3 -f -o "$o/block-select" "$bin" > "$o/ncu-stdout.txt" 2>&1
ncu --import "$o/block-select.ncu-rep" --page source --csv --print-source cuda,sass | gzip > "$o/block-select.ncu-source.csv.gz"
rm -f "$o/block-select.ncu-rep"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$o/env.txt"; nvcc --version | tail -2 >> "$o/env.txt"; ncu --version | tail -1 >> "$o/env.txt"
ls -la "$o"; tail -3 "$o/ncu-stdout.txt"
