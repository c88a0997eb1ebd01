#!/bin/bash
# The patterns of gen_gap_patterns.py (structured, then GAP_RANDOM="N SEED" random ones) on the
# H200, one warp and one cp.async.ca per launch, read with the counters of run_groups_h200.sh.
# Output: $OUT/gaps.tar.gz (fold each with fold_cp_async.py counters.csv patterns.txt).
# Run from the repository root on the GPU machine: bash measurements/cpasync/run_gaps_h200.sh
set -x
D=$OUT/gaps; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
python3 gen_gap_patterns.py > $D/structured.txt
python3 gen_gap_patterns.py random ${GAP_RANDOM:-150 7} > $D/random.txt
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
for p in structured random; do
  timeout 250 ncu --metrics $M --csv --page raw /tmp/cp_async_probe counters $D/$p.txt > $D/$p-counters.csv 2> $D/$p-counters.err
done
# Timing of the kernel-12 family (4 lanes per line 16 bytes apart, rows 512 bytes apart, groups
# shifted by d bytes) and of 8 lanes per line: does the count decide the time here too?
grep -A1 -E "^# w4 g(4|8) sp16 r512 d(4|16|64)$" $D/structured.txt | grep -v -- "^--" > $D/timing.txt
timeout 60 /tmp/cp_async_probe timing $D/timing.txt > $D/timing-out.txt 2>&1
nvidia-smi --query-gpu=name --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
cd $OUT && tar czf gaps.tar.gz gaps && rm -rf gaps
