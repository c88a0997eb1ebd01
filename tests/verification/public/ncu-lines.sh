# Sourced by the public-code GPU scripts (new-corpus-h200.sh, third-batch-h200.sh): with `out` set
# to the output directory, sets up a work directory and defines `ncu_lines`, which runs a program
# under Nsight Compute's source counters and folds the per-line wavefronts; records the versions.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd); fold="$here/../../../reference-kernels/tools/fold_ncu_source.py"
work=$(mktemp -d); mkdir -p "$out"
ncu_lines() {  # name binary-and-args... (kernel regex and launch count in K, N)
  local name=$1; shift
  ncu --clock-control none --section SourceCounters --import-source yes -k "regex:$K" --launch-count "$N" -f -o "$work/$name" "$@" > "$out/$name.log" 2>&1
  ncu --import "$work/$name.ncu-rep" --page source --csv --print-source cuda,sass > "$work/$name.csv" 2>>"$out/$name.log"
  gzip -c "$work/$name.csv" > "$out/$name.ncu-source.csv.gz"
  python3 "$fold" --source-csv "$out/$name.ncu-source.csv.gz" -o "$out/$name.ncu-lines.json" >> "$out/$name.log" 2>&1
  echo "$name: $(grep -c '"line"' "$out/$name.ncu-lines.json" 2>/dev/null) lines"
}
nvcc --version | tail -1 > "$out/versions.txt"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/versions.txt"
