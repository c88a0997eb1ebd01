#!/bin/bash
# cp.async.cg rotation study on the H200 (gen_rot_patterns.py): the method of run_cg_h200.sh
# (cp_async_probe.cu's counter mode, one warp and one instruction per launch, ncu's SourceCounters
# section, L1 Wavefronts Shared read per PC with ncu's Python module), with the patterns run in
# chunks of CHUNK launches (one ncu report each) so that a deadline keeps the chunks done.
# Run from the repository root on the GPU machine: DEADLINE=300 bash measurements/cpasync/run_rot_h200.sh
# (ROUND=round2, ROUND=round3 for the later runs' patterns).
# Everything comes back in $OUT/rot.tar.gz.
ROOT=$(pwd)
D=$OUT/rot; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
START=$(date +%s); DEADLINE=${DEADLINE:-300}; CHUNK=${CHUNK:-60}
python3 gen_rot_patterns.py ${ROUND:-} > $D/patterns.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $D/env.txt; ncu --version >> $D/env.txt; nvcc --version >> $D/env.txt
nvcc -arch=sm_90 -lineinfo -O3 -o /tmp/cp_async_probe cp_async_probe.cu 2> $D/build.txt || exit 1
cuobjdump -sass /tmp/cp_async_probe | grep -E "Function|LDGSTS" > $D/sass.txt
M=l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
grep -v '^#' $D/patterns.txt | split -l $CHUNK -d -a 2 - /tmp/rotchunk.
for f in /tmp/rotchunk.*; do
  c=${f##*.}
  now=$(date +%s)
  if [ $((now - START)) -gt $DEADLINE ]; then echo "deadline: stopped before chunk $c" >> $D/progress.txt; break; fi
  timeout 200 ncu --section SourceCounters --metrics $M -f -o /tmp/rot$c /tmp/cp_async_probe counters $f > $D/ncu-$c.log 2>&1
  python3 $ROOT/reference-kernels/tools/ncu_pc_dump.py /tmp/rot$c.ncu-rep > $D/pcs-$c.csv 2> $D/pcdump-$c.err
  echo "chunk $c done at $(( $(date +%s) - START )) s" >> $D/progress.txt
done
cd $OUT && tar czf rot.tar.gz rot && rm -rf rot
