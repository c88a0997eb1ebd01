#!/usr/bin/env python3
"""Compares bankcheck's predicted instruction widths with the SASS widths ptxas emitted, per kernel
instance and source line of the narrow-type probe (narrow-widths.sh output).

Usage: compare_widths.py PROBE_DIR BANKCHECK.json [--markdown OUT.md] [--source PROBE.cu]
PROBE_DIR holds sass-widths.txt and kernel-names.tsv. A line matches when every SASS instruction on
it has the predicted width. Exit 1 on a mismatch."""
import argparse
import collections
import json
import os
import re
import sys

# Kernel names as compare_public.py reduces them: cu++filt's `loadRow<(int)8, ...>(...)` and
# bankcheck's `loadRow<8, ...>` to one spelling.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "public"))
from compare_public import normalize  # noqa: E402

BYTES = {"": 4, ".64": 8, ".128": 16, ".U16": 2, ".S16": 2, ".U8": 1, ".S8": 1}


ap = argparse.ArgumentParser()
ap.add_argument("probe_dir")
ap.add_argument("bankcheck_json")
ap.add_argument("--markdown")
ap.add_argument("--source", default="narrow_merge_probe.cu", help="the probe's file name (default: narrow_merge_probe.cu)")
args = ap.parse_args()
names = dict(l.rstrip("\n").split("\t") for l in open(f"{args.probe_dir}/kernel-names.tsv"))
probe_file = None
sass = collections.defaultdict(collections.Counter)
for row in open(f"{args.probe_dir}/sass-widths.txt"):
    _, kernel, where, op, n = row.split()
    m = re.match(r"(LDS|STS)(\.[A-Z0-9]+)?$", op)
    if not m or not where.startswith(args.source + ":"):
        continue
    sass[(normalize(names[kernel]), int(where.split(":")[1]))][BYTES[m.group(2) or ""]] += int(n)
predicted = collections.defaultdict(set)
for f in json.load(open(args.bankcheck_json))["files"]:
    for a in f["accesses"]:
        if a["file"].endswith(args.source) and a["status"] == "computed":
            predicted[(normalize(a["kernel"]), a["line"])].add(a["instruction_width_bytes"])
rows, bad = [], 0
for key in sorted(sass):
    if key not in predicted:
        continue
    widths = sass[key]
    ok = set(widths) == predicted[key]
    bad += not ok
    measured = ", ".join(f"{n} x {w} B" for w, n in sorted(widths.items()))
    rows.append(f"| `{key[0]}` | {key[1]} | {', '.join(str(w) + ' B' for w in sorted(predicted[key]))} | {measured} | {'match' if ok else '**differs**'} |")
text = "| kernel | line | predicted width | SASS instructions | |\n|---|---:|---|---|---|\n" + "\n".join(rows)
text += f"\n\n{len(rows) - bad} of {len(rows)} kernel lines match.\n"
print(text)
if args.markdown:
    open(args.markdown, "w").write(text)
sys.exit(1 if bad else 0)
