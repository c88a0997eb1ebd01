#!/bin/bash
# How docs/verification/tensorcoregemm-h200.md was measured (H200, 2026-12-01). Put next to this script:
#   skew16.cu = NVIDIA/cuda-samples c94ff366aed1 Samples/3_CUDA_Features/cudaTensorCoreGemm/cudaTensorCoreGemm.cu
#   skew8.cu  = the same with "#define SKEW_HALF 8" (sed 's/^#define SKEW_HALF 16/#define SKEW_HALF 8/')
#   Common/   = that checkout's Common/ helper headers
# then run it on the GPU machine with $OUT set; shared-instructions.csv sums the Source page by opcode.
set -x
D=$OUT/tc; mkdir -p $D
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")"
for v in skew16 skew8; do
  nvcc -arch=sm_90 -lineinfo -O3 -I Common -o $v $v.cu 2> $D/$v-build.txt || continue
  ./$v > $D/$v-run1.txt 2>&1; ./$v > $D/$v-run2.txt 2>&1; ./$v > $D/$v-run3.txt 2>&1
  timeout 200 ncu --section SourceCounters -k regex:compute_gemm --launch-count 1 -f -o $D/$v ./$v > /dev/null 2>&1
  ncu --import $D/$v.ncu-rep --page source --csv --print-source cuda,sass > $D/$v-source.csv 2>/dev/null
  ncu --import $D/$v.ncu-rep --page details --csv > $D/$v-details.csv 2>/dev/null
  rm -f $D/$v.ncu-rep
done
cd $OUT && tar czf tc.tar.gz tc && rm -rf tc
