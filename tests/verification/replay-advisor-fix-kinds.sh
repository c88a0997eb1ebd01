#!/usr/bin/env bash
# docs/verification/advisor-fix-kinds.md: its generated sections ("## ..." onwards) must be what
# benchmarks/findings report makes from the committed raw data, and every predicted line value
# with a measurement must equal the H200's.
set -euo pipefail
root="$1"; work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
raw="$root/docs/verification/raw/advisor-fix-kinds"
python3 "$root/benchmarks/findings" report "$raw" "$raw" --markdown "$work/replay.md"
sed -n '/^## /,$p' "$work/replay.md" > "$work/generated"
sed -n '/^## /,$p' "$root/docs/verification/advisor-fix-kinds.md" > "$work/page"
diff -u "$work/page" "$work/generated"
grep -Eq 'Per line:\*\* ([0-9]+) of \1 predicted' "$work/replay.md"
echo "advisor-fix-kinds.md replays from its raw data; every predicted line value equals the H200's"
