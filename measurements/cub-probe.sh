#!/bin/bash
# On the GPU machine, from the repository root: builds a CUB probe (measurements/NAME/NAME_probe.cu
# with dashes as underscores), reads each launch's shared wavefronts and instructions with Nsight
# Compute, and dumps the SASS. Results under $OUT/NAME.
#   measurements/cub-probe.sh cub-block-scan
set -x
export PATH=/usr/local/cuda/bin:$PATH
name=$1; d=measurements/$name; o=$OUT/$name; bin=/tmp/${name}-probe; mkdir -p "$o"
nvcc -arch=sm_90 -lineinfo -O3 -o "$bin" "$d/${name//-/_}_probe.cu" 2>&1 | tail -5
cuobjdump -sass "$bin" | grep -E "Function|LDS|STS|BAR" > "$o/sass.txt"
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
ncu --metrics $m --csv "$bin" > "$o/counters.csv" 2> "$o/ncu-stderr.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$o/env.txt"; nvcc --version | tail -2 >> "$o/env.txt"; ncu --version | tail -1 >> "$o/env.txt"
tail -15 "$o/counters.csv"; head -60 "$o/sass.txt"
