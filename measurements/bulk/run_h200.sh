#!/bin/bash
# cp.async.bulk on the H200: the patterns of patterns.txt under ncu (shared-memory counters per
# launch, one warp) and timed (264 blocks x 8 warps), twice. Output: $OUT/bulk.tar.gz.
# Run from the repository root on the GPU machine: bash measurements/bulk/run_h200.sh
set -x
D=$OUT/bulk; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
cp patterns.txt $D/
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/bulk_probe bulk_probe.cu 2> $D/build.txt || { cat $D/build.txt; exit 1; }
cuobjdump -sass /tmp/bulk_probe | grep -E "Function|UBLKCP|SYNCS|LDGSTS" > $D/sass.txt
M=l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__cycles_elapsed.max
timeout 200 ncu --metrics $M --csv --page raw /tmp/bulk_probe counters patterns.txt > $D/counters.csv 2> $D/counters.err
ncu --query-metrics 2> /dev/null | grep -iE "shared|tma|ublk|bulk" > $D/metrics-available.txt
for r in 1 2; do timeout 100 /tmp/bulk_probe timing patterns.txt > $D/timing$r.txt 2>&1; done
nvidia-smi --query-gpu=name,clocks.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
cd $OUT && tar czf bulk.tar.gz bulk && rm -rf bulk
