#!/bin/bash
# GPU round 2: verify-on-gpu with the coalesced cp.async copies + SGEMM design probe (timed and
# under ncu SourceCounters).
set -u -o pipefail
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/out}; mkdir -p "$O"
X=/tmp/r2; rm -rf $X; mkdir -p $X
T0=$SECONDS
export PATH=$PATH:/usr/local/cuda/bin
(nvcc -O3 -arch=sm_90 -lineinfo -o $X/sgv reference-kernels/tools/sgemm_variants.cu -lcublas > $X/sgv-build.log 2>&1) &
BG=$!
REFK_WORK=$X/work timeout 360 bash reference-kernels/verify-on-gpu $X/raw
echo "=== verify rc=$? at $((SECONDS-T0)) s"
wait $BG
timeout 60 $X/sgv 2>&1 | tee $X/sgv.txt
echo "=== sgv timed at $((SECONDS-T0)) s"
timeout 120 ncu --clock-control none --section SourceCounters -k regex:sgemm_v -f -o $X/sgv $X/sgv profile > $X/sgv-ncu.log 2>&1
ncu --import $X/sgv.ncu-rep --page source --csv --print-source cuda,sass > $X/sgv-source.csv 2>&1
python3 reference-kernels/tools/fold_ncu_source.py --source-csv $X/sgv-source.csv -o $X/sgv-lines.json
python3 - $X/sgv-lines.json <<'PY'
import json, sys
for la in json.load(open(sys.argv[1]))["launches"]:
    for l in la["lines"]:
        for s in l["smem_sass"]:
            if s["inst_executed"] and not s["opcode"].startswith("@"):
                print(f"{la['instance']:28s} L{l['line']:<4d} {s['opcode']:20s} x{s['static_count']:<3d} wf/inst {s['l1_wavefronts_shared']/s['inst_executed']:6.2f} ideal/inst {s['l1_wavefronts_shared_ideal']/s['inst_executed']:6.2f}")
PY
echo "=== total $((SECONDS-T0)) s"
tar czf "$O/r2.tgz" --exclude=sgv --exclude='*.ncu-rep' -C $X .
ls -la "$O"
