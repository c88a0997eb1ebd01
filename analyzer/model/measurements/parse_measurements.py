#!/usr/bin/env python3
"""Turns the raw outputs of run_h200.sh into the model's measured tables.

Inputs (the folder run_h200.sh filled, e.g. the unpacked bundle.tar.gz):
  multi_map.csv     pattern -> (kernel, source line) of its instruction in multi_probe.cu
  srcA-pcs.csv      per PC: kernel, source line, SASS (dump_ncu_report.py)
  srcA-sass.csv     ncu --page source --csv --print-source sass: per SASS instruction
                    Instructions Executed, L1 Wavefronts Shared, L1 Wavefronts Shared Ideal ...
  patterns-hw.txt   the patterns of pass B, in launch order
  hw-*.csv          ncu --metrics ... --csv of pass B (one result per launch) + the probe's
                    "CASE i ..." lines
Outputs (into OUT_DIR):
  h200-model-patterns.csv  every pattern of patterns-hw.txt: the hardware counters of its own
                           launch (wavefronts, instructions, bank_conflicts_counter) and ncu's
                           per-instruction source counters (ncu_wavefronts, ncu_ideal,
                           ncu_inst_executed) from the multi-instruction kernel.
  h200-ideal-probes.csv    the ideal probes (source counters only).
  h200-source-counters-gt.csv  the 451 shared ground-truth patterns, re-run as single
                           instructions: ncu's per-instruction wavefronts and ideal next to the
                           shared table's hardware wavefronts.
Usage: parse_measurements.py RAW_DIR OUT_DIR
"""
import csv
import glob
import os
import re
import sys

raw, out = sys.argv[1], sys.argv[2]
LANES = [f"lane{i}" for i in range(32)]

# ---- per-instruction source counters of the multi-instruction kernels -----------------------
pc_line, pc_sass = {}, {}
for r in csv.DictReader(open(os.path.join(raw, "srcA-pcs.csv"))):
    pc_line[(r["kernel"], r["pc"])] = int(r["line"]) if r["line"] else -1
    pc_sass[(r["kernel"], r["pc"])] = r["sass"]

src = {}  # (kernel, line) -> list of dicts for shared instructions on that line
seen = set()  # ncu prints each kernel's page twice here; keep one row per (kernel, PC)
kernel, cols = None, None
for row in csv.reader(open(os.path.join(raw, "srcA-sass.csv"))):
    if len(row) >= 2 and row[0] == "Kernel Name":
        kernel, cols = row[1], None
        continue
    if row and row[0] == "Address":
        cols = {name: i for i, name in enumerate(row)}
        continue
    if not cols or not row or not row[0].startswith("0x"):
        continue
    sass = row[cols["Source"]].strip()
    if not re.search(r"\b(LDS|STS)(\.|\s)", sass + " "):
        continue
    if (kernel, row[0]) in seen:
        continue
    seen.add((kernel, row[0]))
    line = pc_line.get((kernel, row[0]), -1)

    def num(name):
        v = row[cols[name]].replace(",", "").strip()
        return int(float(v)) if v not in ("", "-") else 0
    src.setdefault((kernel, line), []).append({
        "sass": sass,
        "inst": num("Instructions Executed"),
        "thread_inst": num("Thread Instructions Executed"),
        "pred_on": num("Predicated-On Thread Instructions Executed"),
        "wavefronts": num("L1 Wavefronts Shared"),
        "ideal": num("L1 Wavefronts Shared Ideal"),
        "excessive": num("L1 Wavefronts Shared Excessive"),
    })

per_pattern = {}  # (file, index) -> (map row, source counters)
for r in csv.DictReader(open(os.path.join(raw, "multi_map.csv"))):
    hits = src.get((r["kernel"], int(r["line"])), [])
    if len(hits) != 1:
        sys.exit(f"pattern {r['file']}:{r['index']} (line {r['line']}): {len(hits)} shared instructions")
    per_pattern[(r["file"], int(r["index"]))] = (r, hits[0])

# ---- pass B: hardware counters per launch ---------------------------------------------------
hw_patterns = [l.split() for l in open(os.path.join(raw, "patterns-hw.txt")) if l.strip()]
hw = {}  # pattern index -> metrics
for fn in sorted(glob.glob(os.path.join(raw, "hw-*.csv"))):
    cases, results = [], {}
    for line in open(fn):
        if line.startswith("CASE "):
            cases.append(int(line.split()[1]))
    rows = [r for r in csv.reader(open(fn)) if len(r) == 15 and r[0].isdigit()]
    for r in rows:
        results.setdefault(int(r[0]), {})[r[12]] = float(r[14].replace(",", ""))
    if sorted(results) != list(range(len(cases))):
        sys.exit(f"{fn}: {len(results)} results for {len(cases)} launches")
    for i, idx in enumerate(cases):
        hw[idx] = results[i]


def hwval(m, name):
    return int(round(m[name])) if name in m else ""


os.makedirs(out, exist_ok=True)
head = ["pattern", "op", "width_bytes"] + LANES
with open(os.path.join(out, "h200-model-patterns.csv"), "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(head + ["wavefronts", "instructions", "bank_conflicts_counter", "sass_instructions",
                       "ncu_wavefronts", "ncu_ideal", "ncu_inst_executed", "sass"])
    for idx, p in enumerate(hw_patterns):
        kind, op, width, lanes = p[0], p[1], p[2], p[3:35]
        m = hw.get(idx)
        if m is None:
            sys.exit(f"pattern {idx} has no hardware result")
        sfx = "ld" if op == "ld" else "st"
        # The ld kernel's shared init writes go to the st counters, the st kernel's final
        # 1-lane read to the ld counters: read only the counters of the pattern's own op.
        _, s = per_pattern[("patterns-hw.txt", idx)]
        w.writerow([kind, op, width] + lanes + [
            hwval(m, f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{sfx}.sum"),
            hwval(m, f"smsp__inst_executed_op_shared_{sfx}.sum"),
            hwval(m, f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{sfx}.sum"),
            hwval(m, f"smsp__sass_inst_executed_op_shared_{sfx}.sum"),
            s["wavefronts"], s["ideal"], s["inst"], s["sass"]])


def dump(name, fname, extra_head, extra):
    with open(os.path.join(out, name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(head + extra_head)
        for (fn, idx), (r, s) in sorted(per_pattern.items(), key=lambda kv: kv[0][1]):
            if fn != fname:
                continue
            w.writerow([r["pattern"], r["op"], r["width_bytes"]] + [r[l] for l in LANES] + extra(idx, s))


dump("h200-ideal-probes.csv", "patterns-ideal.txt",
     ["ncu_wavefronts", "ncu_ideal", "ncu_inst_executed", "sass"],
     lambda idx, s: [s["wavefronts"], s["ideal"], s["inst"], s["sass"]])

# ground truth: the hardware wavefronts of the shared tables, in csv_to_patterns.py order
gt = []
for fn in ("h200-strided.csv", "h200-lane-patterns.csv", "h200-wide-duplicates.csv"):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                        "tests", "data", "ground-truth", fn)
    gt += [(fn, int(r["wavefronts"])) for r in csv.DictReader(open(path))]
dump("h200-source-counters-gt.csv", "patterns-gt.txt",
     ["source_table", "wavefronts", "ncu_wavefronts", "ncu_ideal", "ncu_inst_executed", "sass"],
     lambda idx, s: [gt[idx][0], gt[idx][1], s["wavefronts"], s["ideal"], s["inst"], s["sass"]])
print("wrote", out)
