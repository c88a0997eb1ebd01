#!/usr/bin/env python3
"""Folds a run of run_rot_h200.sh into the lanes-CSV format of h200-cpasync-cg-source.csv: one row
per launch (name: spaces -> "/", commas -> "+"), op cpasync.cg.16, destinations lane0..lane31 (-1: inactive), sources src0..src31, and
Nsight Compute's source-view L1 Wavefronts Shared / Ideal of the launch's LDGSTS.E.BYPASS.128.
The launches were run in chunks of CHUNK patterns (one report, pcs-NN.csv, each).
Usage: fold_rot.py RUNDIR [CHUNK] > table.csv   (RUNDIR holds patterns.txt and pcs-NN.csv[.gz])"""
import csv
import glob
import gzip
import os
import sys


def main():
    run = sys.argv[1]
    chunk = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    patterns, names, name = [], [], None
    for line in open(os.path.join(run, "patterns.txt")):
        if line.startswith("#"):
            name = line[2:].strip()
        elif line.strip():
            f = line.split()
            patterns.append((f[1:33], f[33:65]))
            names.append(name)
    measured = {}
    for p in sorted(glob.glob(os.path.join(run, "pcs-*.csv*"))):
        c = int(p.rsplit("-", 1)[1].split(".")[0])
        seen = {}
        for r in csv.DictReader((gzip.open if p.endswith(".gz") else open)(p, "rt")):
            if "LDGSTS" in r["sass"] and r["memory_l1_wavefronts_shared"]:
                launch = c * chunk + int(r["launch"])
                if launch in seen:
                    sys.exit(f"launch {launch}: more than one LDGSTS")
                seen[launch] = (r["memory_l1_wavefronts_shared"], r["memory_l1_wavefronts_shared_ideal"])
        want = min(chunk, len(patterns) - c * chunk)
        if len(seen) != want:
            print(f"# chunk {c}: {len(seen)} of {want} launches measured", file=sys.stderr)
        measured.update(seen)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["pattern", "op", "width_bytes"] + [f"lane{i}" for i in range(32)] + [f"src{i}" for i in range(32)] +
                 ["wavefronts", "ncu_ideal"])
    for k, ((dst, src), nm) in enumerate(zip(patterns, names)):
        if k in measured:
            out.writerow([nm.replace(" ", "/").replace(",", "+"), "cpasync.cg.16", 16] + dst + src + list(measured[k]))
    print(f"# {len(measured)} of {len(patterns)} patterns measured", file=sys.stderr)


if __name__ == "__main__":
    main()
