#!/bin/bash
# Here, after run.sh: bankcheck's predictions for cuda-samples' sortingNetworks against the H200's per-line wavefronts. Kernels are named as the fold names them
# (`None::bitonicMergeShared`, template arguments without suffixes), and only the profiled
# launches are compared.
#   SAMPLES=<cuda-samples checkout> measurements/public-sorting/compare.sh [BANKCHECK] [RESULTS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bankcheck=${1:-$root/build/analyzer/cli/bankcheck}
results=${2:-$root/measurements/public-sorting/h200-2026-12-07}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
lines=$results/sorting-networks.ncu-lines.json
python3 "$root/reference-kernels/tools/fold_ncu_source.py" --source-csv "$results/sorting-networks.ncu-source.csv.gz" \
  -o "$lines" > /dev/null 2>&1
jsons=()
for f in Samples/2_Concepts_and_Techniques/sortingNetworks/bitonicSort.cu; do
  n=$(basename "$f" .cu)
  (cd "$SAMPLES" && "$bankcheck" --format=json --no-fix-suggestions "$f" -- -I Common) > "$tmp/$n.raw.json" || true
  python3 - "$tmp/$n.raw.json" "$tmp/$n.json" "$lines" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
measured = {f"{l['variant']}::{l['instance']}" for l in json.load(open(sys.argv[3]))["launches"]}
for f in d["files"]:
    for a in f["accesses"]:
        a["kernel"] = "None::" + re.sub(r"\b(\d+)U\b", r"\1", a["kernel"]).replace(" ", "")
    f["accesses"] = [a for a in f["accesses"] if a["kernel"] in measured]
json.dump(d, open(sys.argv[2], "w"))
PY
  jsons+=("$tmp/$n.json")
done
python3 "$root/reference-kernels/tools/compare_with_bankcheck.py" "$lines" "${jsons[@]}" \
  --report "$results/comparison.md" --json "$results/comparison.json"
