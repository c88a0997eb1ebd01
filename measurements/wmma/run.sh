#!/bin/bash
# wmma fragments from/to shared memory on the H200: SASS and ncu counters per (kernel, ldm).
set -x
D=$OUT/wmma; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
nvcc -arch=sm_90 -lineinfo -O3 -o wmma_probe wmma_probe.cu 2> $D/build.txt || exit 1
cuobjdump -sass wmma_probe | grep -E "Function|LDS|STS|LDSM|STSM" > $D/sass.txt
./wmma_probe all > $D/order.txt 2>&1
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__sass_inst_executed_op_shared_ld.sum,sm__sass_inst_executed_op_shared_st.sum
timeout 400 ncu --metrics $M --csv --page raw ./wmma_probe all > $D/counters.csv 2> $D/counters.err
timeout 150 ncu --section SourceCounters -k regex:"loadA_row|storeC_row" --launch-count 4 -f -o $D/src ./wmma_probe all > /dev/null 2>&1
ncu --import $D/src.ncu-rep --page source --csv --print-source sass > $D/src-sass.csv 2>/dev/null
rm -f $D/src.ncu-rep
cd $OUT && tar czf wmma.tar.gz wmma && rm -rf wmma
