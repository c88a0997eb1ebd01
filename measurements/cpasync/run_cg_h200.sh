#!/bin/bash
# cp.async.cg (LDGSTS.E.BYPASS.128) on the H200: what Nsight Compute's source view counts for it.
# Builds cp_async_probe.cu, runs the patterns of gen_cg_patterns.py in counter mode (one warp, one
# instruction per launch) under the SourceCounters section, and dumps per launch and PC the
# source view's L1 Wavefronts Shared (and Ideal) with ncu's Python module, plus the launch's
# global tag requests and sectors. Everything comes back in $OUT/cg.tar.gz.
# Run from the repository root on the GPU machine: bash measurements/cpasync/run_cg_h200.sh
set -x
ROOT=$(pwd)
D=$OUT/cg; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
python3 gen_cg_patterns.py ${CG_PATTERNS:-} > $D/patterns.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
cuobjdump -sass /tmp/cp_async_probe | grep -E "Function|LDGSTS" > $D/sass.txt
M=l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
timeout 400 ncu --section SourceCounters --metrics $M -f -o /tmp/cg /tmp/cp_async_probe counters $D/patterns.txt > $D/ncu.log 2>&1
ncu --import /tmp/cg.ncu-rep --page raw --csv --metrics $M > $D/launches.csv 2> $D/raw.err
python3 $ROOT/reference-kernels/tools/ncu_pc_dump.py /tmp/cg.ncu-rep > $D/pcs.csv 2> $D/pcdump.err
cd $OUT && tar czf cg.tar.gz cg && rm -rf cg
