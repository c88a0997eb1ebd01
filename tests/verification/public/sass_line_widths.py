#!/usr/bin/env python3
"""Counts the shared-memory instructions (LDS*, STS*, LDSM, LDGSTS) per kernel and source line in
`nvdisasm -g -c` output, as sass-widths.sh writes it.

Usage: sass_line_widths.py FILE.sass [FILE.sass ...] [--line BASENAME:LINE ...]
Prints `sass-file kernel file:line opcode count`, one per row, for every line or the lines given."""
import argparse
import collections
import re

ap = argparse.ArgumentParser()
ap.add_argument("sass", nargs="+")
ap.add_argument("--line", action="append", default=[])
args = ap.parse_args()
wanted = set(args.line)
for path in args.sass:
    counts = collections.Counter()
    kernel, where = None, None
    for text in open(path, errors="replace"):
        m = re.search(r"^\s*\.text\.(\S+):", text)
        if m:
            kernel = m.group(1)
        m = re.search(r'//## File "([^"]+)", line (\d+)', text)
        if m:
            where = f"{m.group(1).split('/')[-1]}:{m.group(2)}"
            continue
        m = re.search(r"\b(LDS|STS|LDSM|LDGSTS)(\.[A-Z0-9.]+)?\b", text)
        if m and where and (not wanted or where in wanted):
            counts[(kernel, where, m.group(0))] += 1
    for (k, w, op), n in sorted(counts.items()):
        print(f"{path.split('/')[-1]} {k} {w} {op} {n}")
