#!/bin/bash
# The group patterns of gen_group_patterns.py on the H200, one warp and one cp.async per launch,
# read with the counters of run_h200.sh. Output: $OUT/groups.tar.gz (fold with fold_cp_async.py).
set -x
D=$OUT/groups; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
python3 gen_group_patterns.py > $D/groups.txt
nvcc -arch=sm_90 -lineinfo -O3 -o cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
timeout 500 ncu --metrics $M --csv --page raw ./cp_async_probe counters $D/groups.txt > $D/counters.csv 2> $D/counters.err
nvidia-smi --query-gpu=name --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
cd $OUT && tar czf groups.tar.gz groups && rm -rf groups
