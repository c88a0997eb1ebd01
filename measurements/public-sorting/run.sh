#!/bin/bash
# On the GPU machine, from the repository root: builds NVIDIA's cuda-samples sortingNetworks
# unmodified (its bitonic steps compare s[pos] with s[pos + stride] in loops nvcc unrolls whole),
# runs it (it validates its own results), and reads every shared-memory line's wavefronts with
# Nsight Compute. (mergeSort's bitonic.cu has the same steps, but its main never launches them.)
#   SAMPLES=<cuda-samples checkout> measurements/public-sorting/run.sh   (results under $OUT/public-sorting)
# Then, here: measurements/public-sorting/compare.sh (folds the exports and compares with bankcheck).
set -x
export PATH=/usr/local/cuda/bin:$PATH
o=$OUT/public-sorting; mkdir -p "$o"
sn=$SAMPLES/Samples/2_Concepts_and_Techniques/sortingNetworks
nvcc -arch=sm_90 -lineinfo -O3 -I "$SAMPLES/Common" -o /tmp/sorting-networks "$sn/bitonicSort.cu" "$sn/oddEvenMergeSort.cu" \
  "$sn/main.cpp" "$sn/sortingNetworks_validate.cpp" 2>&1 | tail -5
/tmp/sorting-networks > "$o/sorting-networks-run.txt" 2>&1; tail -5 "$o/sorting-networks-run.txt"
# The first launch of each kernel whose loops have constant bounds (arrayLength 2048 for the
# sorting networks: bitonicSortShared1, then bitonicMergeShared).
ncu --clock-control none --section SourceCounters --import-source yes -k 'regex:bitonicSortShared1|bitonicMergeShared' \
  --launch-count 2 -f -o "$o/sorting-networks" /tmp/sorting-networks > "$o/ncu-sorting-networks.txt" 2>&1
ncu --import "$o/sorting-networks.ncu-rep" --page source --csv --print-source cuda,sass | gzip > "$o/sorting-networks.ncu-source.csv.gz"
rm -f "$o/sorting-networks.ncu-rep"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$o/env.txt"; nvcc --version | tail -2 >> "$o/env.txt"; ncu --version | tail -1 >> "$o/env.txt"
ls -la "$o"; tail -3 "$o/ncu-sorting-networks.txt"
