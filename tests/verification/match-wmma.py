#!/usr/bin/env python3
"""bankcheck on the wmma probes against the H200's measured wavefronts.

Runs `bankcheck --format=json` on the two programs that were measured and compares, for every
kernel instance (fragment kind, layout, ldm), the wmma access's wavefronts per warp, summed over
the instructions the call becomes, with ncu's shared wavefronts of that launch (one warp):
  * measurements/wmma/wmma_probe.cu       <-> measurements/h200-wmma.csv (m16n16k16 __half/float);
  * measurements/wmma/wmma_kinds_probe.cu <-> measurements/h200-wmma-kinds.csv (bf16, tf32, u8/s8,
    double, m32n8k16/m8n32k16, int/double/__half accumulators), the launches whose ldm covers the
    tile (a smaller ldm overlaps rows, which no kernel does).
Usage: match-wmma.py BANKCHECK REPOSITORY_ROOT. Exit 1 on any difference.
"""
import csv, json, os, subprocess, sys

bankcheck, root = sys.argv[1], sys.argv[2]

def predictions(probe):
    out = subprocess.run([bankcheck, "--format=json", "--no-fix-suggestions", os.path.join(root, probe)],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"bankcheck failed on {probe} ({out.returncode}): {out.stderr}")
    predicted = {}
    for a in json.loads(out.stdout)["files"][0]["accesses"]:
        if not a.get("value_type", "").startswith("wmma"):
            continue
        # one warp: every instruction of the call, summed
        predicted[a["kernel"]] = round(a["total_wavefronts"]) if a["status"] == "computed" else None
    return predicted

bad = total = 0
for probe, table in (("measurements/wmma/wmma_probe.cu", "measurements/h200-wmma.csv"),
                     ("measurements/wmma/wmma_kinds_probe.cu", "measurements/h200-wmma-kinds.csv")):
    predicted = predictions(probe)
    with open(os.path.join(root, table)) as f:
        for row in csv.DictReader(f):
            if row.get("ldm_covers_tile", "1") != "1":
                continue
            kernel = f"{row['kernel']}<{row['ldm']}>"
            measured, p = int(row["wavefronts"]), predicted.get(kernel)
            total += 1
            bad += p != measured
            print(f"{kernel:28s} measured {measured:3d} predicted {p if p is not None else '-':>3} {'' if p == measured else 'MISMATCH'}")
print(f"{total - bad} of {total} wmma calls match")
sys.exit(1 if bad else 0)
