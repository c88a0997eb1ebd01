#!/bin/bash
# TMA tensor copies on the H200: the boxes of patterns.txt under ncu (shared-memory counters per
# launch, one warp, 4 copies) and timed (264 blocks x 1 warp), twice. Output: $OUT/tma.tar.gz.
# Run from the repository root on the GPU machine: bash measurements/tma/run_h200.sh
set -x
D=$OUT/tma; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
cp patterns.txt $D/
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/tma_probe tma_probe.cu -lcuda 2> $D/build.txt || { cat $D/build.txt; exit 1; }
cuobjdump -sass /tmp/tma_probe | grep -E "Function|UTMALDG|SYNCS|UBLKCP" > $D/sass.txt
M=l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__cycles_elapsed.max
timeout 200 ncu --metrics $M --csv --page raw /tmp/tma_probe counters patterns.txt > $D/counters.csv 2> $D/counters.err
for r in 1 2; do timeout 100 /tmp/tma_probe timing patterns.txt > $D/timing$r.txt 2>&1; done
nvidia-smi --query-gpu=name,clocks.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
cat $D/timing1.txt $D/timing2.txt; grep -v "^==" $D/counters.csv | cut -c1-400 | head -20
cd $OUT && tar czf tma.tar.gz tma && rm -rf tma
