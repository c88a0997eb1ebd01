#!/bin/bash
# Here, after run.sh: bankcheck's predictions for the three faiss files against the H200's
# per-line wavefronts. The kernels are named as ncu names them (`None::blockSelect<float,long,...>`:
# faiss's namespaces dropped, no spaces), and only the launched ones (blockSelect, Dir false) kept.
#   FAISS=<faiss checkout> measurements/public-faiss/compare.sh [BANKCHECK] [RESULTS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bankcheck=${1:-$root/build/analyzer/cli/bankcheck}
results=${2:-$root/measurements/public-faiss/h200-2026-12-07}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 "$root/reference-kernels/tools/fold_ncu_source.py" --source-csv "$results/block-select.ncu-source.csv.gz" \
  -o "$results/block-select.ncu-lines.json" > /dev/null 2>&1
jsons=()
for f in BlockSelectFloat32 BlockSelectFloat128 BlockSelectFloatF1024; do
  (cd "$FAISS" && "$bankcheck" --format=json --no-fix-suggestions "faiss/gpu/utils/blockselect/$f.cu" -- -I .) > "$tmp/$f.raw.json" || true
  python3 - "$tmp/$f.raw.json" "$tmp/$f.json" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
for f in d["files"]:
    f["accesses"] = [a for a in f["accesses"] if re.match(r"faiss::gpu::blockSelect<float, long, false,", a["kernel"])]
    for a in f["accesses"]:
        a["kernel"] = "None::" + a["kernel"].replace("faiss::gpu::", "").replace(" ", "")
json.dump(d, open(sys.argv[2], "w"))
PY
  jsons+=("$tmp/$f.json")
done
python3 "$root/reference-kernels/tools/compare_with_bankcheck.py" "$results/block-select.ncu-lines.json" "${jsons[@]}" \
  --report "$results/comparison.md" --json "$results/comparison.json"
