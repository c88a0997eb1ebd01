#!/usr/bin/env bash
# bankcheck's predictions for the reference kernels must match the wavefronts Nsight Compute
# measured on an H200 (committed in docs/verification/raw/ncu-lines.json), line by line.
set -euo pipefail
bankcheck="$1"; root="$2"; work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
set +e
"$bankcheck" --format=json --no-fix-suggestions reference-kernels/kernels/*.bad.cu > "$work/bad.json"
rc1=$?
"$bankcheck" --format=json --no-fix-suggestions reference-kernels/kernels/*.fixed.cu -- -DREFK_VARIANT=fixed > "$work/fixed.json"
rc2=$?
set -e
# 0 (clean) or 1 (warnings) are both results; 2 is a tool error.
[ "$rc1" -le 1 ] && [ "$rc2" -le 1 ] || { echo "bankcheck failed ($rc1, $rc2)"; exit 1; }
python3 reference-kernels/tools/compare_with_bankcheck.py docs/verification/raw/ncu-lines.json "$work/bad.json" "$work/fixed.json"
