#!/bin/bash
# The GPU run (seconds): build, SASS, ncu counters per launch, timing. Writes under $OUT.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
cd "$HERE"
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/exchange_store_probe exchange_store_probe.cu
cuobjdump -sass /tmp/exchange_store_probe | grep -E "Function|ATOMS|STS|LDS" > "$OUT/sass.txt"
ncu --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
  --csv /tmp/exchange_store_probe > "$OUT/counters.csv"
/tmp/exchange_store_probe timing > "$OUT/timing1.txt"
/tmp/exchange_store_probe timing > "$OUT/timing2.txt"
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -2; ncu --version | tail -1; } > "$OUT/env.txt"
