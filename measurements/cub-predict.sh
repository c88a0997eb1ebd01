#!/bin/bash
# What bankcheck predicts for a CUB probe (measurements/NAME/NAME_probe.cu with dashes as
# underscores), per kernel: shared load and store instructions (warp executions) and wavefronts,
# in Nsight Compute's terms, to set beside cub-probe.sh's counters. From the repository root:
#   measurements/cub-predict.sh cub-block-scan [BANKCHECK]
name=$1
bc=${2:-build/analyzer/cli/bankcheck}
"$bc" --format=json --no-fix-suggestions "measurements/$name/${name//-/_}_probe.cu" | python3 -c '
import json, sys, collections
d = json.load(sys.stdin)
t = collections.defaultdict(lambda: [0, 0, 0, 0])
for a in d["files"][0]["accesses"]:
    k = t[a["kernel"]]
    i = 0 if a["kind"] == "load" else 2
    k[i] += a["executions"]; k[i + 1] += a["total_ncu_wavefronts"]
print("kernel ld_inst ld_wavefronts st_inst st_wavefronts")
for name in sorted(t): print(name, *t[name])
'
