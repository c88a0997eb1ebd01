#!/usr/bin/env python3
"""Turns the ground-truth CSVs into the probes' pattern text format (`kind op width lanes...`).

h200-lane-patterns.csv / h200-wide-duplicates.csv carry the 32 lane offsets; h200-strided.csv
is expanded: lane i accesses element i*stride + offset of the given width.
Usage: csv_to_patterns.py OUT.txt CSV...
"""
import csv
import sys

out, files = sys.argv[1], sys.argv[2:]
n = 0
with open(out, "w") as f:
    for fn in files:
        for r in csv.DictReader(open(fn)):
            w = int(r["width_bytes"])
            if "lane0" in r:
                offs = [int(r[f"lane{i}"]) for i in range(32)]
                kind = r["pattern"]
            else:
                s, o = int(r["stride_elems"]), int(r["offset_elems"])
                offs = [(i * s + o) * w for i in range(32)]
                kind = f"strided-{r['type']}-s{s}-o{o}"
            f.write(f"{kind} {r['op']} {w} " + " ".join(map(str, offs)) + "\n")
            n += 1
print(n, "patterns ->", out)
