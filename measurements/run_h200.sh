#!/bin/bash
# Measures shared-memory wavefronts on the GPU for the bank model. Run from the repository root:
#   bash measurements/run_h200.sh OUTDIR            (round 1)
#   ROUND=2 bash measurements/run_h200.sh OUTDIR    (round 2)
# Needs nvcc, ncu and cuobjdump on PATH (CUDA 13, Nsight Compute 2025.3 were used).
# Writes to OUTDIR: log.txt (everything printed), bundle.tar.gz (all raw outputs), and copies of
# the main raw files. parse_measurements.py turns them into h200-model-patterns.csv.
#
# Passes:
#   A  multi_probe (one kernel per op/width, one instruction per pattern) under ncu's
#      SourceCounters section: per-SASS-instruction L1 Wavefronts Shared, L1 Wavefronts Shared
#      Ideal, Instructions Executed, for the new patterns, the ideal probes and all 451
#      ground-truth patterns; plus the kernel-level hardware counters of the same launches.
#   B  lane_pattern_probe, one launch per pattern, hardware counters per launch (the method of
#      the shared ground truth) for the new patterns.
#   A2 lane_pattern_probe (one launch per pattern) under SourceCounters for a few patterns:
#      checks that per-launch source counters equal the multi-instruction ones.
# The passes share a time budget (DEADLINE seconds, default 300).
set -x
O=${1:?usage: run_h200.sh OUTDIR}
M=measurements
W=${WORKDIR:-/tmp/bankmodel}
mkdir -p "$O" "$W"
exec > >(tee "$O/log.txt") 2>&1
T0=$SECONDS
DEADLINE=${DEADLINE:-300}   # seconds; later passes shrink their timeouts to stay inside it
left() { local l=$((DEADLINE - (SECONDS - T0))); [ $l -gt $1 ] && echo $1 || echo $((l > 5 ? l : 5)); }
# everything raw goes into one tarball, refreshed after each pass (at most 8 files come back)
bundle() { tar -C "$W" --exclude=multi_probe --exclude=lane_probe -czf "$O/bundle.tar.gz" . 2>/dev/null || true; }
stamp() { echo "=== $1 at $((SECONDS - T0)) s"; bundle; }

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv || true
ncu --version || true
ncu --help > "$W/ncu-help.txt" 2>&1 || true
cp "$(dirname "$(readlink -f "$(which ncu)")")/sections/SourceCounters.section" "$W/" 2>/dev/null || true
nvcc --version | tail -2 || true

python3 $M/gen_model_patterns.py 2026 "$W"
python3 $M/csv_to_patterns.py "$W/patterns-gt.txt" tests/data/ground-truth/h200-strided.csv \
  tests/data/ground-truth/h200-lane-patterns.csv tests/data/ground-truth/h200-wide-duplicates.csv
# Round 1: the new patterns (hw), the ideal probes and the 451 shared ground-truth patterns.
# Round 2: patterns-round2.txt (what round 1 left open), every pass on all of it.
if [ "${ROUND:-1}" = 2 ]; then
  MULTI="$W/patterns-round2.txt"; HWSET="$W/patterns-round2.txt"; A2SET="$W/patterns-round2.txt"
else
  MULTI="$W/patterns-hw.txt $W/patterns-ideal.txt $W/patterns-gt.txt"
  HWSET="$W/patterns-hw.txt"; A2SET="$W/patterns-a2.txt"
fi
python3 $M/gen_multi_probe.py "$W/multi_probe.cu" "$W/multi_map.csv" $MULTI
# round 1's A2 set: a few patterns, one launch each, under SourceCounters
python3 - "$W" <<'EOF'
import sys
w = sys.argv[1]
want = [("bcast-all", "ld", "16"), ("bcast-all", "st", "16"), ("bcast-all", "st", "8"),
        ("bcast-all", "ld", "8"), ("even-lanes", "ld", "16"), ("lanes0-8", "ld", "16"),
        ("prefix-1", "st", "16"), ("all-inactive", "ld", "4"), ("all-inactive", "st", "16"),
        ("pairs-k1", "st", "8"), ("subword-same-bank", "st", "1"), ("prefix-17", "ld", "8")]
lines = open(f"{w}/patterns-hw.txt").read().splitlines()
with open(f"{w}/patterns-a2.txt", "w") as f:
    for k in want:
        f.write(next(l for l in lines if tuple(l.split()[:3]) == k) + "\n")
EOF
stamp generated

nvcc -O3 -arch=sm_90 -lineinfo -o "$W/multi_probe" "$W/multi_probe.cu" & P1=$!
nvcc -O3 -arch=sm_90 -lineinfo -o "$W/lane_probe" $M/lane_pattern_probe.cu & P2=$!
wait $P1 $P2  # (a bare `wait` would also wait for the tee above)
cuobjdump -sass "$W/lane_probe" > "$W/lane_probe.sass" || true
cuobjdump -sass "$W/multi_probe" > "$W/multi_probe.sass" || true
"$W/multi_probe" || true
"$W/lane_probe" "$A2SET" | tail -3 || true
stamp built

NCU="ncu --clock-control none"
HWM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
XM=smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
# extra SASS-level metrics if this ncu knows them
if timeout 60 $NCU --metrics $HWM,$XM --launch-count 1 --csv "$W/lane_probe" "$A2SET" 0 1 > "$W/metric-check.csv"; then
  HWM=$HWM,$XM
fi
cat "$W/metric-check.csv"
stamp metric-check

# Pass A
timeout $(left 170) $NCU --section SourceCounters --metrics $HWM --import-source yes -f -o "$W/srcA" "$W/multi_probe" || true
stamp passA
ncu --import "$W/srcA.ncu-rep" --page source --csv --print-source sass > "$W/srcA-sass.csv" 2> "$W/srcA-sass.err" || true
ncu --import "$W/srcA.ncu-rep" --page source --csv --print-source cuda,sass > "$W/srcA-cuda-sass.csv" 2> "$W/srcA-cuda-sass.err" || true
ncu --import "$W/srcA.ncu-rep" --page details --csv > "$W/srcA-details.csv" 2>&1 || true
ncu --import "$W/srcA.ncu-rep" --page raw --csv --metrics $HWM > "$W/srcA-raw.csv" 2>&1 || true
python3 $M/dump_ncu_report.py "$W/srcA.ncu-rep" > "$W/srcA-pcs.csv" 2> "$W/srcA-pcs.err" || true
head -c 3000 "$W/srcA-sass.csv"; wc -l "$W"/srcA-*.csv; cat "$W/srcA-pcs.err" | head -20
stamp passA-export

# Pass B, in chunks so that a timeout loses one chunk only
N=$(grep -c . "$HWSET")
for first in $(seq 0 100 $((N - 1))); do
  timeout $(left 100) $NCU --metrics $HWM --csv "$W/lane_probe" "$HWSET" $first 100 > "$W/hw-$first.csv" || true
  stamp "passB chunk $first of $N"
done

# Pass A2
timeout $(left 90) $NCU --section SourceCounters --metrics $HWM -f -o "$W/srcA2" "$W/lane_probe" "$A2SET" || true
ncu --import "$W/srcA2.ncu-rep" --page source --csv --print-source sass > "$W/srcA2-sass.csv" 2>&1 || true
ncu --import "$W/srcA2.ncu-rep" --page raw --csv --metrics $HWM > "$W/srcA2-raw.csv" 2>&1 || true
python3 $M/dump_ncu_report.py "$W/srcA2.ncu-rep" > "$W/srcA2-pcs.csv" 2> "$W/srcA2-pcs.err" || true
stamp passA2

cp "$W/srcA-pcs.csv" "$W/srcA-sass.csv" "$O/" 2>/dev/null || true
cat "$W"/hw-*.csv > "$O/hw-all.csv" 2>/dev/null || true
ls -la "$O" "$W"
stamp done
