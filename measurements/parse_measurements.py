#!/usr/bin/env python3
"""Turns the raw outputs of run_h200.sh (both rounds) into the model's measured tables.

Usage: parse_measurements.py ROUND1_DIR ROUND2_DIR OUT_DIR
where ROUNDn_DIR is the unpacked bundle.tar.gz of `ROUND=n run_h200.sh`.

Inputs per round (see run_h200.sh):
  multi_map.csv     pattern -> (kernel, source line) of its instruction in multi_probe.cu
  srcA-pcs.csv      per PC: kernel, source line, SASS (dump_ncu_report.py)
  srcA-sass.csv     ncu --page source --csv --print-source sass of the multi-instruction kernels:
                    per SASS instruction Instructions Executed, L1 Wavefronts Shared, L1
                    Wavefronts Shared Ideal (inactive lanes are predicated off there)
  srcA2-sass.csv    the same for lane_pattern_probe, one launch per pattern (inactive lanes
                    exit before the access there)
  hw-*.csv          ncu --metrics ... --csv of lane_pattern_probe, one launch per pattern, and
                    the probe's "CASE i ..." lines
Outputs (OUT_DIR):
  h200-model-patterns.csv      one row per pattern measured per launch (round 1: 288, round 2:
                               83): the hardware counters of its own launch (`wavefronts`,
                               `instructions`, `bank_conflicts_counter`, `sass_instructions`)
                               and ncu's SourceCounters values for the same pattern
                               (`ncu_wavefronts`, `ncu_ideal`, `ncu_inst_executed`).
  h200-ideal-probes.csv        round 1's ideal probes (SourceCounters only).
  h200-source-counters-gt.csv  the 451 shared ground-truth patterns re-run as single
                               instructions: SourceCounters next to the shared hardware value.
  h200-kernel-totals.csv       the hardware counters of each multi-instruction kernel (one launch,
                               all its patterns): `pattern_wavefronts` is the kernel's shared
                               wavefronts minus the one-wavefront LDS every kernel ends with, i.e.
                               the sum over its patterns (the ideal probes included, whose
                               hardware count is measured nowhere else).
"""
import csv
import glob
import os
import re
import sys

LANES = [f"lane{i}" for i in range(32)]
HERE = os.path.dirname(os.path.abspath(__file__))
GT_DIR = os.path.join(HERE, "..", "..", "..", "tests", "data", "ground-truth")


def source_page(path, pc_line=None):
    """Shared-memory instructions of an `ncu --page source --csv --print-source sass` export.

    Returns a list of (kernel, result index, PC, source line, values) in page order. ncu 2025.3
    printed every result's page twice in a row in our exports; the copies are checked to be
    identical and dropped."""
    pages = []  # (kernel, [rows])
    kernel, cols = None, None
    for row in csv.reader(open(path)):
        if len(row) >= 2 and row[0] == "Kernel Name":
            kernel, cols = row[1], None
            continue
        if row and row[0] == "Address":
            cols = {name: i for i, name in enumerate(row)}
            pages.append((kernel, cols, []))
            continue
        if cols and row and row[0].startswith("0x"):
            pages[-1][2].append(row)
    if len(pages) % 2 or any(pages[i][2] != pages[i + 1][2] for i in range(0, len(pages), 2)):
        sys.exit(f"{path}: expected every page twice")
    out = []
    for result, (kernel, cols, rows) in enumerate(pages[::2]):
        for row in rows:
            sass = row[cols["Source"]].strip()
            if not re.search(r"\b(LDS|STS)(\.|\s)", sass + " "):
                continue

            def num(name):
                v = row[cols[name]].replace(",", "").strip()
                return int(float(v)) if v not in ("", "-") else 0
            out.append((kernel, result, row[0], pc_line.get((kernel, row[0]), -1) if pc_line else -1, {
                "sass": sass, "inst": num("Instructions Executed"),
                "wavefronts": num("L1 Wavefronts Shared"), "ideal": num("L1 Wavefronts Shared Ideal")}))
    return out


def multi_counters(raw):
    """pattern (file, index) -> (map row, SourceCounters of its instruction)."""
    pc_line = {}
    for r in csv.DictReader(open(os.path.join(raw, "srcA-pcs.csv"))):
        pc_line[(r["kernel"], r["pc"])] = int(r["line"]) if r["line"] else -1
    by_line = {}
    for k, _, pc, line, v in source_page(os.path.join(raw, "srcA-sass.csv"), pc_line):
        by_line.setdefault((k, line), {})[pc] = v
    out = {}
    for r in csv.DictReader(open(os.path.join(raw, "multi_map.csv"))):
        hits = list(by_line.get((r["kernel"], int(r["line"])), {}).values())
        if len(hits) != 1:
            sys.exit(f"{raw}: pattern {r['file']}:{r['index']} (line {r['line']}): {len(hits)} shared instructions")
        out[(r["file"], int(r["index"]))] = (r, hits[0])
    return out


def per_launch_counters(raw, patterns):
    """SourceCounters of lane_pattern_probe, one launch per pattern: list aligned with patterns
    (None where the launch has no access of the pattern's width, e.g. all lanes exited)."""
    path = os.path.join(raw, "srcA2-sass.csv")
    if not os.path.exists(path):
        return [None] * len(patterns)
    launches = {}
    for k, res, pc, _, v in source_page(path):
        launches.setdefault(res, []).append(v)
    op_of = {"ld": "LDS", "st": "STS"}
    width_of = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}
    out = []
    for i, p in enumerate(patterns):
        want = op_of[p[1]] + width_of[int(p[2])]
        # the ld kernel also stores (shared init) and the st kernel loads one word at the end:
        # pick the instruction of the pattern's own op and width, executed by the access
        cands = [v for v in launches.get(i, []) if v["sass"].split()[0].lstrip("@!P0123456 ") == want]
        cands = [v for v in cands if "UR4]" not in v["sass"] or "+UR4" in v["sass"]]
        out.append(cands[0] if len(cands) == 1 else None)
    return out


def hardware(raw):
    """pattern index -> {metric: value} from pass B (one launch per pattern)."""
    hw = {}
    for fn in sorted(glob.glob(os.path.join(raw, "hw-*.csv"))):
        cases = [int(l.split()[1]) for l in open(fn) if l.startswith("CASE ")]
        results = {}
        for r in csv.reader(open(fn)):
            if len(r) == 15 and r[0].isdigit():
                results.setdefault(int(r[0]), {})[r[12]] = float(r[14].replace(",", ""))
        if sorted(results) != list(range(len(cases))):
            sys.exit(f"{fn}: {len(results)} results for {len(cases)} launches")
        for i, idx in enumerate(cases):
            hw[idx] = results[i]
    return hw


def patterns(path):
    return [l.split() for l in open(path) if l.strip() and not l.startswith("#")]


def main():
    r1, r2, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    head = ["pattern", "op", "width_bytes"] + LANES
    with open(os.path.join(out, "h200-model-patterns.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(head + ["wavefronts", "instructions", "bank_conflicts_counter", "sass_instructions",
                           "ncu_wavefronts", "ncu_ideal", "ncu_inst_executed",
                           "ncu_wavefronts_per_launch", "ncu_ideal_per_launch", "round", "sass"])
        for rnd, raw, fname in ((1, r1, "patterns-hw.txt"), (2, r2, "patterns-round2.txt")):
            pats = patterns(os.path.join(raw, fname))
            hw, multi, a2 = hardware(raw), multi_counters(raw), None
            a2 = per_launch_counters(raw, pats) if rnd == 2 else [None] * len(pats)
            if rnd == 1:  # round 1's per-launch set is a subset: patterns-a2.txt
                sub = patterns(os.path.join(raw, "patterns-a2.txt"))
                got = per_launch_counters(raw, sub)
                for p, v in zip(sub, got):
                    a2[next(i for i, q in enumerate(pats) if q == p)] = v
            for idx, p in enumerate(pats):
                m = hw.get(idx)
                if m is None:
                    sys.exit(f"round {rnd} pattern {idx} has no hardware result")
                sfx = "ld" if p[1] == "ld" else "st"
                # the ld kernel's shared init writes go to the st counters and the st kernel's
                # final 1-lane read to the ld counters: read the counters of the pattern's op
                def hv(name):
                    key = name.format(sfx)
                    return int(round(m[key])) if key in m else ""
                _, s = multi[(fname, idx)]
                pl = a2[idx]
                w.writerow(p[:35] + [
                    hv("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{}.sum"),
                    hv("smsp__inst_executed_op_shared_{}.sum"),
                    hv("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{}.sum"),
                    hv("smsp__sass_inst_executed_op_shared_{}.sum"),
                    s["wavefronts"], s["ideal"], s["inst"],
                    pl["wavefronts"] if pl else "", pl["ideal"] if pl else "", rnd, s["sass"]])

    multi = multi_counters(r1)

    def dump(name, fname, extra_head, extra):
        with open(os.path.join(out, name), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(head + extra_head)
            for (fn, idx), (r, s) in sorted(multi.items(), key=lambda kv: kv[0][1]):
                if fn == fname:
                    w.writerow([r["pattern"], r["op"], r["width_bytes"]] + [r[l] for l in LANES] + extra(idx, s))

    dump("h200-ideal-probes.csv", "patterns-ideal.txt",
         ["ncu_wavefronts", "ncu_ideal", "ncu_inst_executed", "sass"],
         lambda idx, s: [s["wavefronts"], s["ideal"], s["inst"], s["sass"]])
    gt = []  # the shared tables, in csv_to_patterns.py order
    for fn in ("h200-strided.csv", "h200-lane-patterns.csv", "h200-wide-duplicates.csv"):
        gt += [(fn, int(r["wavefronts"])) for r in csv.DictReader(open(os.path.join(GT_DIR, fn)))]
    dump("h200-source-counters-gt.csv", "patterns-gt.txt",
         ["source_table", "wavefronts", "ncu_wavefronts", "ncu_ideal", "ncu_inst_executed", "sass"],
         lambda idx, s: [gt[idx][0], gt[idx][1], s["wavefronts"], s["ideal"], s["inst"], s["sass"]])
    with open(os.path.join(out, "h200-kernel-totals.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["round", "kernel", "patterns", "ld_wavefronts", "st_wavefronts", "ld_instructions",
                    "st_instructions", "pattern_wavefronts"])
        for rnd, raw in ((1, r1), (2, r2)):
            count = {}
            for r in csv.DictReader(open(os.path.join(raw, "multi_map.csv"))):
                count[r["kernel"]] = count.get(r["kernel"], 0) + 1
            rows = list(csv.reader(open(os.path.join(raw, "srcA-raw.csv"))))
            head_row = rows[0]
            for r in rows[2:]:
                d = dict(zip(head_row, r))
                k = d["Kernel Name"]
                ld = int(float(d["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]))
                st = int(float(d["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]))
                w.writerow([rnd, k, count[k], ld, st,
                            int(float(d["smsp__inst_executed_op_shared_ld.sum"])),
                            int(float(d["smsp__inst_executed_op_shared_st.sum"])), ld + st - 1])
    print("wrote", out)


if __name__ == "__main__":
    main()
