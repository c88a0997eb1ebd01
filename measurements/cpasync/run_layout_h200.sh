#!/bin/bash
# cp.async.cg into plain, 16-byte-padded and XOR-swizzled tile rows on the H200: the time per copy
# (cp_async_probe.cu timing mode, twice) and what Nsight Compute's source view counts for it
# (counter mode under the SourceCounters section, read per PC). Patterns: gen_layout_patterns.py.
# Everything comes back in $OUT/layout.tar.gz.
# Run from the repository root on the GPU machine: bash measurements/cpasync/run_layout_h200.sh
set -x
ROOT=$(pwd)
D=$OUT/layout; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
python3 gen_layout_patterns.py > $D/patterns.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
/tmp/cp_async_probe timing $D/patterns.txt 4096 > $D/timing1.txt 2>&1
/tmp/cp_async_probe timing $D/patterns.txt 4096 > $D/timing2.txt 2>&1
M=l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
timeout 200 ncu --section SourceCounters --metrics $M -f -o /tmp/layout /tmp/cp_async_probe counters $D/patterns.txt > $D/ncu.log 2>&1
python3 $ROOT/reference-kernels/tools/ncu_pc_dump.py /tmp/layout.ncu-rep > $D/pcs.csv 2> $D/pcdump.err
cd $OUT && tar czf layout.tar.gz layout && rm -rf layout
