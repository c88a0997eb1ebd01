#!/usr/bin/env bash
# Checks that `bankcheck --fix` left the CUDA samples' tensor-core GEMMs computing the same D: each
# copy of a findings entry (benchmarks/findings prepare: PREPARED/<entry>/{before,after}) is built
# with the sample's own CPU_DEBUG path, which copies D back to the host, and with its host GEMM
# replaced by a dump of that D (the host GEMM takes minutes at 4096^3); the dumps are compared
# bitwise. The inputs are the sample's own (rand() with its default seed, the same in both). Then
# compute-sanitizer's memcheck runs each fixed program as published.
# Usage, on the GPU machine, from the repository root:
#   tensorcore-fix-check-h200.sh PREPARED_DIR OUTDIR ENTRY:SOURCE[:ARGS]...
#   e.g. cudaTensorCoreGemm:Samples/3_CUDA_Features/cudaTensorCoreGemm/cudaTensorCoreGemm.cu
#        bf16TensorCoreGemm-k1:Samples/3_CUDA_Features/bf16TensorCoreGemm/bf16TensorCoreGemm.cu:-kernel=1
set -uo pipefail
prepared=$(realpath "$1"); out=$(realpath -m "$2"); shift 2
mkdir -p "$out"; work=$(mktemp -d)
for spec in "$@"; do
  entry=${spec%%:*}; rest=${spec#*:}; src=${rest%%:*}; args=""; [ "$rest" != "$src" ] && args=${rest#*:}
  for v in before after; do
    d="$prepared/$entry/$v"
    sed -e 's|^\( *\)matMultiplyOnHost(.*|\1{ FILE* dump = fopen(getenv("D_DUMP"), "wb"); fwrite(result_hD, sizeof(*result_hD), (size_t)M_GLOBAL * N_GLOBAL, dump); fclose(dump); }|' \
        -e 's|if (fabs(result_hD\[i\] - result_host\[i\]) > 0.1f)|if (0)|' \
        -e 's|if (abs(result_hD\[i\] - result_host\[i\]) > 0)|if (0)|' "$d/$src" > "$work/$entry-$v.cu"
    grep -q 'D_DUMP' "$work/$entry-$v.cu" || echo "$entry $v: the host GEMM call was not found" >> "$out/$entry.check.txt"
    nvcc -arch=sm_90 -O3 -DCPU_DEBUG=1 -I "$d/Common" -I "$(dirname "$d/$src")" "$work/$entry-$v.cu" -o "$work/$entry-$v" > "$out/$entry-$v.build.log" 2>&1
    D_DUMP="$work/$entry-$v.D" timeout 300 "$work/$entry-$v" $args > "$out/$entry-$v.run.txt" 2>&1; echo "exit $?" >> "$out/$entry-$v.run.txt"
  done
  if cmp -s "$work/$entry-before.D" "$work/$entry-after.D" && [ -s "$work/$entry-after.D" ]; then
    echo "$entry: D bitwise identical before and after the fix ($(stat -c %s "$work/$entry-after.D") bytes)" >> "$out/$entry.check.txt"
  else
    echo "$entry: D DIFFERS (or was not written)" >> "$out/$entry.check.txt"
  fi
  (cd "$prepared/$entry/after" && nvcc -arch=sm_90 -O3 -I Common "$src" -o "$work/$entry-app" > /dev/null 2>&1 &&
   timeout 300 compute-sanitizer --tool memcheck "$work/$entry-app" $args > "$out/$entry-after-memcheck.txt" 2>&1; echo "exit $?" >> "$out/$entry-after-memcheck.txt")
  cat "$out/$entry.check.txt"; tail -2 "$out/$entry-after-memcheck.txt"
done
