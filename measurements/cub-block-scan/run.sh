#!/bin/bash
# On the GPU machine, from the repository root: builds the probe, reads each launch's shared
# wavefronts and instructions with Nsight Compute, and dumps the SASS. Results under $OUT.
set -x
export PATH=/usr/local/cuda/bin:$PATH
d=measurements/cub-block-scan; o=$OUT/cub-block-scan; mkdir -p $o
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/cubscanprobe $d/cub_block_scan_probe.cu 2>&1 | tail -5
cuobjdump -sass /tmp/cubscanprobe | grep -E "Function|LDS|STS|BAR" > $o/sass.txt
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
ncu --metrics $m --csv /tmp/cubscanprobe > $o/counters.csv 2> $o/ncu-stderr.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/env.txt; nvcc --version | tail -2 >> $o/env.txt; ncu --version | tail -1 >> $o/env.txt
cat $o/counters.csv | tail -15; cat $o/sass.txt | head -60
