#!/usr/bin/env bash
# Runs a public kernel outside the calibration corpus and the earlier batches, unmodified, under
# Nsight Compute's source counters, and folds the per-line wavefronts
# (docs/verification/public-code-h200.md, "A fourth batch").
# Usage, on the GPU machine:
#   fourth-batch-h200.sh OUTDIR YHS_GEMM_DIR
# YHS_GEMM_DIR: the directory holding Yinghan Li's sgemm.cu (as copied in
# BBuf/how-to-optim-algorithm-in-cuda, cuda-mode/code/YHs_Sample/cuda/gemm): a 128x128x8 SGEMM whose
# inline-PTX loads and stores take the shared address as a `const uint32_t&` and switch double
# buffers by XORing it (`A_lds_addr ^= 0x2000` on a `__align__(16 * 1024)` buffer).
set -uo pipefail
out=$(realpath "$1"); yhs=$(realpath "$2")
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
(cd "$yhs" && nvcc -arch=sm_90 -lineinfo -O3 sgemm.cu -o "$work/yhs") >> "$out/build.log" 2>&1
K="sgemm_128x128x8_kernel" N=1 ncu_lines "yhs-sgemm_128x128x8" "$work/yhs"
