#!/bin/bash
# The wmma kinds of wmma_kinds_probe.cu on the H200: SASS, the order run and ncu's counters per
# (kind, ldm). Usage: bash measurements/wmma/run_kinds_h200.sh OUTDIR [prebuilt binary]
set -x
D=$1/wmma-kinds; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
if [ -n "$2" ]; then cp "$2" ./wmma_kinds_probe; else nvcc -arch=sm_90 -lineinfo -O3 -o wmma_kinds_probe wmma_kinds_probe.cu 2> $D/build.txt || exit 1; fi
nvcc --version > $D/env.txt; nvidia-smi -L >> $D/env.txt; ncu --version >> $D/env.txt
cuobjdump -sass wmma_kinds_probe | cu++filt | grep -E "Function|LDS|STS|LDSM|STSM" > $D/sass.txt
./wmma_kinds_probe order > $D/order.txt 2>&1
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__sass_inst_executed_op_shared_ld.sum,sm__sass_inst_executed_op_shared_st.sum
timeout ${NCU_TIMEOUT:-420} ncu --metrics $M --csv --page raw ./wmma_kinds_probe counters > $D/counters.csv 2> $D/counters.err
echo "ncu rc=$?" >> $D/env.txt
gzip -9 $D/counters.csv $D/order.txt
