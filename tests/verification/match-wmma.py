#!/usr/bin/env python3
"""bankcheck on the wmma probe against the H200's measured wavefronts.

Runs `bankcheck --format=json` on measurements/wmma/wmma_probe.cu (the program
that was measured) and compares, for every kernel instance (fragment kind, layout, ldm), the
wmma access's wavefronts per warp, summed over the instructions the call becomes, with
measurements/h200-wmma.csv (ncu's shared wavefronts of that launch, one warp).
Usage: match-wmma.py BANKCHECK REPOSITORY_ROOT. Exit 1 on any difference.
"""
import csv, json, os, subprocess, sys

bankcheck, root = sys.argv[1], sys.argv[2]
probe = os.path.join(root, "measurements/wmma/wmma_probe.cu")
measured = {}
with open(os.path.join(root, "measurements/h200-wmma.csv")) as f:
    for row in csv.DictReader(f):
        measured[f"{row['kernel']}<{row['ldm']}>"] = int(row["wavefronts"])
out = subprocess.run([bankcheck, "--format=json", "--no-fix-suggestions", probe], capture_output=True, text=True)
if out.returncode not in (0, 1):
    sys.exit(f"bankcheck failed ({out.returncode}): {out.stderr}")
report = json.loads(out.stdout)
predicted = {}
for a in report["files"][0]["accesses"]:
    if "matrix_sync" not in a.get("expression", ""):
        continue
    if a["status"] != "computed":
        predicted[a["kernel"]] = None
        continue
    predicted[a["kernel"]] = round(a["total_wavefronts"])  # one warp: every instruction of the call, summed
bad = 0
for kernel, wf in sorted(measured.items()):
    p = predicted.get(kernel)
    ok = p == wf
    bad += not ok
    print(f"{kernel:22s} measured {wf:3d} predicted {p if p is not None else '-':>3} {'' if ok else 'MISMATCH'}")
print(f"{len(measured) - bad} of {len(measured)} wmma calls match")
sys.exit(1 if bad else 0)
