#!/bin/bash
# cp.async destinations on the H200: builds cp_async_probe.cu, times each pattern of timing.txt
# (many warps, cudaEvents), and reads each pattern of counters.txt (one warp, one instruction per
# launch) with ncu's hardware counters. Everything comes back in $OUT/cpt.tar.gz; fold it with
# fold_cp_async.py. Run from anywhere on the GPU machine: bash run_h200.sh (with $OUT set).
set -x
D=$OUT/cpt; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
python3 gen_cp_async_patterns.py counters ground-truth-cpasync-patterns.txt > counters.txt
python3 gen_cp_async_patterns.py timing > timing.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
nvcc -arch=sm_90 -lineinfo -O3 -o cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
cuobjdump -sass cp_async_probe | grep -E "Function|LDGSTS|STS" > $D/sass.txt
./cp_async_probe timing timing.txt 4096 > $D/timing1.txt 2>&1
./cp_async_probe timing timing.txt 4096 > $D/timing2.txt 2>&1
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
timeout 300 ncu --metrics $M --csv --page raw ./cp_async_probe counters counters.txt > $D/counters.csv 2> $D/counters.err
ncu --query-metrics 2>/dev/null | grep -i -E "ldgsts|shared" > $D/metrics-list.txt
cd $OUT && tar czf cpt.tar.gz cpt && rm -rf cpt
