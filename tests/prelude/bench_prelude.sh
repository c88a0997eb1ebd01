#!/bin/bash
# Measures what the CUDA prelude costs clang: frontend time (clang's -ftime-report "Total
# Execution Time", so process start-up is excluded) of an empty .cu file without and with the
# force-included prelude, of each shadow header on top of it, and of a few corpus files.
# Not a test; docs/prelude.md quotes its output.
#
# usage: tests/prelude/bench_prelude.sh [runs]      (default 20 runs per case; min and median)
#   CLANG=/path/to/clang to use another clang (default: clang-19, else /usr/lib/llvm-19/bin/clang)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prelude="$here/../../analyzer/prelude/include"
runs=${1:-20}
clang=${CLANG:-$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/empty.cu"

base=("$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90
      -Wno-unknown-cuda-version -fsyntax-only -Xclang -ftime-report)
pre=(-isystem "$prelude" -include __bankcheck_prelude.h)

# prints "min median" in milliseconds over $runs runs of the given command
measure() {
  for ((i = 0; i < runs; i++)); do
    "$@" 2>&1 >/dev/null | awk '/Total Execution Time/ { print $4 * 1000; exit }'
  done | sort -g | awk '{ v[NR] = $1 } END { printf "%7.1f %7.1f\n", v[1], v[int((NR + 1) / 2)] }'
}

row() {  # label, command...
  local label=$1
  shift
  read -r mn med < <(measure "$@")
  printf "%-44s %7s %7s\n" "$label" "$mn" "$med"
}

echo "clang: $("$clang" --version | head -1); $runs runs per case; frontend ms"
printf "%-44s %7s %7s\n" "case" "min" "median"
row "empty.cu, no prelude" "${base[@]}" "$tmp/empty.cu"
row "empty.cu + prelude" "${base[@]}" "${pre[@]}" "$tmp/empty.cu"
for h in cuda_fp16.h cuda_bf16.h cuda_fp8.h mma.h cooperative_groups.h cooperative_groups/reduce.h \
         cuda_pipeline.h cuda/pipeline cuda/barrier cuda.h; do
  printf '#include <%s>\n' "$h" > "$tmp/inc.cu"
  row "empty.cu + prelude + <$h>" "${base[@]}" "${pre[@]}" "$tmp/inc.cu"
done
for h in cstdio vector cmath; do
  printf '#include <%s>\n' "$h" > "$tmp/std.cu"
  row "for scale: <$h> alone, no prelude" "${base[@]}" -isystem "$prelude" "$tmp/std.cu"
done
for f in transpose matmul_tiled cp_async_gemm wmma_gemm; do
  row "corpus/$f.cu (with prelude)" "${base[@]}" "${pre[@]}" "$here/corpus/$f.cu"
done
