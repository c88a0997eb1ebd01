#!/usr/bin/env bash
# Confirms bankcheck's missing-syncthreads finding in llm.c on a GPU with compute-sanitizer's
# racecheck. Run on the GPU machine from the repository root, OUT set:
#   benchmarks/races/racecheck-gpu.sh LLMC_CHECKOUT
# Writes $OUT/racecheck-llmc.txt (the sanitizer's report on the file as it is), and
# $OUT/racecheck-llmc-fixed.txt (with llmc-train_gpt2_fp32-barrier.patch applied: the barrier
# bankcheck's note asks for), build.log and environment.txt.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
checkout=$(realpath "$1"); out=${OUT:?set OUT}; work=$(mktemp -d)
cp "$checkout/train_gpt2_fp32.cu" "$work/fixed.cu"
patch -s "$work/fixed.cu" "$here/llmc-train_gpt2_fp32-barrier.patch" || exit 1
for variant in "" -fixed; do
    file="$checkout/train_gpt2_fp32.cu"; [ -n "$variant" ] && file="$work/fixed.cu"
    nvcc -arch=sm_90 -lineinfo -I "$checkout" -DLLMC_FILE="\"$file\"" "$here/llmc_softmax_backward_driver.cu" \
        -lcublas -o "$work/app$variant" >> "$out/build.log" 2>&1 || exit 1
    "$work/app$variant" > "$out/run$variant.txt" 2>&1
    compute-sanitizer --tool racecheck --racecheck-report all --print-limit 40 "$work/app$variant" \
        > "$out/racecheck-llmc$variant.txt" 2>&1
    echo "racecheck exit $?" >> "$out/racecheck-llmc$variant.txt"
done
{ nvcc --version | tail -1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader;
  compute-sanitizer --version | tail -1; } > "$out/environment.txt"
