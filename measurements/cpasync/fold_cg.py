#!/usr/bin/env python3
"""Folds a run of run_cg_h200.sh into the lanes-CSV format `bankcheck lanes` reads: one row per
launch, op cpasync.cg.16, the destinations as lane0..lane31 (-1: inactive), the global sources as
src0..src31, and what Nsight Compute's source view counted for the launch's LDGSTS.E.BYPASS.128
instruction as wavefronts / ncu_ideal (L1 Wavefronts Shared, the only count ncu gives for these
instructions: its hardware shared-wavefront counter omits them, and its Ideal; read per PC with
ncu's Python module by reference-kernels/tools/ncu_pc_dump.py).
Usage: fold_cg.py patterns.txt pcs.csv[.gz] [pattern-name-prefix] > table.csv"""
import csv
import gzip
import sys


def main():
    patterns, names, name = [], [], None
    for line in open(sys.argv[1]):
        if line.startswith("#"):
            name = line[2:].strip()
            continue
        if line.strip():
            fields = line.split()
            patterns.append((fields[1:33], fields[33:65]))
            names.append(name)
    opener = gzip.open if sys.argv[2].endswith(".gz") else open
    measured = {}
    with opener(sys.argv[2], "rt") as f:
        for r in csv.DictReader(f):
            if "LDGSTS" in r["sass"] and r["memory_l1_wavefronts_shared"]:
                launch = int(r["launch"])
                if launch in measured:
                    sys.exit(f"launch {launch}: more than one LDGSTS")
                measured[launch] = (r["memory_l1_wavefronts_shared"], r["memory_l1_wavefronts_shared_ideal"])
    if len(measured) != len(patterns):
        sys.exit(f"{len(patterns)} patterns but {len(measured)} measured launches")
    prefix = sys.argv[3] if len(sys.argv) > 3 else ""
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["pattern", "op", "width_bytes"] + [f"lane{i}" for i in range(32)] + [f"src{i}" for i in range(32)] +
                 ["wavefronts", "ncu_ideal"])
    for k, ((dst, src), nm) in enumerate(zip(patterns, names)):
        out.writerow([prefix + nm.replace(" ", "/"), "cpasync.cg.16", 16] + dst + src + list(measured[k]))


if __name__ == "__main__":
    main()
