#!/bin/bash
# mmcv's nms_cuda (nms_cuda_kernel.cuh as published, MMCV_WITH_TRT helpers) under Nsight Compute,
# from nms_driver.cu (grid (col_blocks, col_blocks), 64 threads, 4096 random boxes, as mmcv's
# NMSCUDAKernelLauncher launches it). MMCV: an open-mmlab/mmcv checkout (commit a8073c74bf83).
# Run on the GPU machine: MMCV=... OUT=... run.sh
set -ex
HERE=$(cd "$(dirname "$0")" && pwd)
I="-I $MMCV/mmcv/ops/csrc/common/cuda"
nvcc -arch=sm_90 -lineinfo -O3 -DMMCV_WITH_TRT $I -o /tmp/nms_driver "$HERE/nms_driver.cu"
cuobjdump -sass /tmp/nms_driver > "$OUT/nms-sass.txt"
ncu --clock-control none --section SourceCounters --import-source yes -k regex:nms_cuda --launch-count 1 -f -o /tmp/nms /tmp/nms_driver
ncu --import /tmp/nms.ncu-rep --page source --csv --print-source cuda,sass | gzip -9 -n > "$OUT/nms.ncu-source.csv.gz"
python3 "$HERE/../../../../../reference-kernels/tools/fold_ncu_source.py" --source-csv "$OUT/nms.ncu-source.csv.gz" -o "$OUT/nms.ncu-lines.json"
