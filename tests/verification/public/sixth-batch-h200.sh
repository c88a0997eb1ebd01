#!/usr/bin/env bash
# Public kernels as published and as `bankcheck --fix` left them (docs/verification/public-code-h200.md,
# "A sixth batch"): per-line wavefronts under Nsight Compute, the repository's own check of the
# result, and compute-sanitizer's memcheck; the kernel's time at base clocks where it is a GEMM.
#  - alexarmbr/matmul-playground's kernel 2 (fp16 mma.sync GEMM; ldmatrix on integer shared
#    addresses `A_warp_tile_byte_offset + mma_tile_byte_offset + thread_byte_offset`, rows of 128 halves);
#  - BBuf/how-to-optim-algorithm-in-cuda's cutlass/code/swizzle kernels mma_multi_pattern_simple and
#    _swizzle (wmma calls on `smem_a + 256 * ty` with ldm 16 and 256), run by bbuf_multi_pattern_main.cu.
# Usage, on the GPU machine:
#   sixth-batch-h200.sh OUTDIR MATMUL_PLAYGROUND_SRC FIXED_SRC [BBUF_SWIZZLE_SRC BBUF_FIXED_SRC]
# FIXED_SRC: a copy of matmul-playground's src/ after `bankcheck kernel2.cu --fix -- -I .` there;
# BBUF_FIXED_SRC: a copy of cutlass/code/swizzle/src after `bankcheck main.cu --fix -- -I .` there.
set -uo pipefail
out=$(realpath "$1"); src=$(realpath "$2"); fixed=$(realpath "$3")
bbuf=${4:+$(realpath "$4")}; bbuf_fixed=${5:+$(realpath "$5")}
source "$(dirname "$0")/ncu-lines.sh"  # defines ncu_lines, sets here, work, fold; records versions
build() {  # dir main-file binary
  (cd "$1" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 --expt-relaxed-constexpr "$2" kernel1.cu kernel2.cu kernel3.cu \
     kernel4.cu kernel5.cu kernel6.cu cublas_benchmark.cu -lcublas -o "$3")
}
for side in before after; do
  d=$src; [ $side = after ] && d=$fixed
  build "$d" main.cu "$work/mp-$side" >> "$out/$side.build.log" 2>&1
  K=kernel_2 N=1 ncu_lines "matmul-playground-kernel2-$side" "$work/mp-$side" 2 1 2048 2048 2048
  ncu --clock-control base -k regex:kernel_2 --metrics gpu__time_duration.sum --csv "$work/mp-$side" 2 7 2048 2048 2048 \
    > "$out/$side.time.csv" 2>&1
  # The repository checks D against a CPU GEMM when main.cu's check_on_cpu is true (an assert).
  sed 's/bool check_on_cpu = false;/bool check_on_cpu = true;/' "$d/main.cu" > "$work/main_checked.cu"
  cp "$work/main_checked.cu" "$d/main_checked.cu"
  build "$d" main_checked.cu "$work/mp-$side-checked" >> "$out/$side.build.log" 2>&1
  rm -f "$d/main_checked.cu"
  "$work/mp-$side-checked" 2 1 1024 1024 1024 > "$out/$side.check.txt" 2>&1; echo "exit $?" >> "$out/$side.check.txt"
  compute-sanitizer --tool memcheck "$work/mp-$side" 2 1 512 512 512 > "$out/$side.memcheck.txt" 2>&1
  echo "exit $?" >> "$out/$side.memcheck.txt"
done
[ -z "$bbuf" ] && exit 0
for side in before after; do
  d=$bbuf; [ $side = after ] && d=$bbuf_fixed
  cp "$here/bbuf_multi_pattern_main.cu" "$d/harness.cu"
  (cd "$d" && nvcc -arch=sm_90 -lineinfo -O3 -I . harness.cu -o "$work/bbuf-$side") >> "$out/bbuf-$side.build.log" 2>&1
  rm -f "$d/harness.cu"
  K=mma_multi_pattern N=2 ncu_lines "bbuf-multi-pattern-$side" "$work/bbuf-$side"
  "$work/bbuf-$side" > "$out/bbuf-$side.check.txt" 2>&1; echo "exit $?" >> "$out/bbuf-$side.check.txt"
  compute-sanitizer --tool memcheck "$work/bbuf-$side" > "$out/bbuf-$side.memcheck.txt" 2>&1
  echo "exit $?" >> "$out/bbuf-$side.memcheck.txt"
done
