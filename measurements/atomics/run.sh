#!/bin/bash
set -x
D=$OUT/atom; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
nvcc -arch=sm_90 -lineinfo -O3 -o atom_probe atom_probe.cu 2> $D/build.txt || exit 1
cuobjdump -sass atom_probe | grep -E "Function|ATOMS|ATOM|RED" > $D/sass.txt
./atom_probe patterns.txt > $D/order.txt 2>&1
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__sass_inst_executed_op_shared_atom.sum
timeout 300 ncu --metrics $M --csv --page raw ./atom_probe patterns.txt > $D/counters.csv 2> $D/counters.err
cp patterns.txt $D/
cd $OUT && tar czf atom.tar.gz atom && rm -rf atom
