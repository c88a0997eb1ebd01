#!/usr/bin/env python3
"""Folds Nsight Compute's per-SASS-instruction source counters into one record per CUDA source
line, for every profiled kernel launch. Python 3 standard library only (CI can run it).

Inputs (either):
  --source-csv FILE   the export of
                      ncu --import REP --page source --csv --print-source cuda,sass
                      (FILE may be gzip-compressed, *.gz)
  --pcs FILE          the per-PC dump of tools/ncu_pc_dump.py (Nsight Compute's Python report
                      module), used as a cross-check of the first
Output: JSON (schema "refk-ncu-lines/1", documented in docs/verification.md):
  {"schema", "generator", "input", "launches": [
     {"launch": i, "kernel": demangled name, "function", "instance", "variant",
      "totals": {"inst_executed", "l1_wavefronts_shared", "l1_wavefronts_shared_ideal"},
      "lines": [{"file", "line", "source", "inst_executed", "l1_wavefronts_shared",
                 "l1_wavefronts_shared_ideal", "ways",
                 "smem_sass": [{"opcode", "static_count", "inst_executed",
                                "l1_wavefronts_shared", "l1_wavefronts_shared_ideal"}]}]}]}
Usage:
  fold_ncu_source.py --source-csv ncu-source.csv.gz [--pcs pcs.csv] -o ncu-lines.json
  fold_ncu_source.py --compare A.json B.json      (exit 1 if the per-line numbers differ)
"""
import argparse
import csv
import gzip
import io
import json
import re
import sys

SMEM_OPS = ("LDS", "STS", "LDSM", "STSM", "LDGSTS", "ATOMS")
M_INST = "inst_executed"
M_WF = "l1_wavefronts_shared"
M_IDEAL = "l1_wavefronts_shared_ideal"
HEADER_ALIASES = {
    M_INST: ("instructions executed", "inst_executed", "warp instructions executed"),
    M_WF: ("l1 wavefronts shared", "memory_l1_wavefronts_shared"),
    M_IDEAL: ("l1 wavefronts shared ideal", "memory_l1_wavefronts_shared_ideal"),
}


def open_text(path):
    if path.endswith(".gz"):
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", errors="replace", newline="")
    return open(path, encoding="utf-8", errors="replace", newline="")


def num(s):
    if s is None:
        return 0
    s = str(s).strip().replace(",", "").replace("\u202f", "").replace(" ", "")
    if s in ("", "-", "N/A", "n/a"):
        return 0
    try:
        v = float(s)
    except ValueError:
        return 0
    return int(v) if v == int(v) else v


def opcode(sass):
    """'@!P0 LDS.U.128 R4, [R2+0x10] ;' -> 'LDS.U.128'"""
    t = sass.strip()
    t = re.sub(r"^\{?\s*", "", t)
    t = re.sub(r"^@!?U?P[T0-9]+\s+", "", t)
    return t.split()[0].rstrip(";") if t.split() else ""


def is_smem(op):
    base = op.split(".")[0]
    return base in SMEM_OPS


def parse_kernel(name):
    """'void fixed::transpose_f32<8>(float *, ...)' -> (function, instance, variant)"""
    m = re.search(r"\b(bad|fixed)::([A-Za-z_][A-Za-z0-9_]*)(<[^()]*>)?", name or "")
    if not m:
        return None, None, None
    return m.group(2), m.group(2) + (m.group(3) or ""), m.group(1)


class Launch:
    def __init__(self, index, kernel):
        self.index = index
        self.kernel = kernel
        self.lines = {}  # (file, line) -> dict

    def add_sass(self, file, line, source, sass, inst, wf, ideal):
        rec = self.lines.setdefault((file, line), {
            "file": file, "line": line, "source": source or "",
            M_INST: 0, M_WF: 0, M_IDEAL: 0, "_smem": {}})
        if source and not rec["source"]:
            rec["source"] = source
        rec[M_INST] += inst
        rec[M_WF] += wf
        rec[M_IDEAL] += ideal
        op = opcode(sass)
        if is_smem(op) or wf or ideal:
            s = rec["_smem"].setdefault(op, {"opcode": op, "static_count": 0, M_INST: 0, M_WF: 0, M_IDEAL: 0})
            s["static_count"] += 1
            s[M_INST] += inst
            s[M_WF] += wf
            s[M_IDEAL] += ideal

    def to_json(self):
        fn, inst, var = parse_kernel(self.kernel)
        lines = []
        tot = {M_INST: 0, M_WF: 0, M_IDEAL: 0}
        for key in sorted(self.lines, key=lambda k: (str(k[0]), k[1] if isinstance(k[1], int) else -1)):
            r = dict(self.lines[key])
            smem = sorted(r.pop("_smem").values(), key=lambda s: s["opcode"])
            r["smem_sass"] = smem
            r["ways"] = round(r[M_WF] / r[M_IDEAL], 4) if r[M_IDEAL] else None
            for k in tot:
                tot[k] += r[k]
            lines.append(r)
        return {"launch": self.index, "kernel": self.kernel, "function": fn, "instance": inst, "variant": var,
                "totals": tot, "lines": lines}


# ------------------------------------------------------------------ per-PC dump (ncu_pc_dump.py)
def read_pcs(path):
    launches = {}
    with open_text(path) as f:
        for row in csv.DictReader(line for line in f if not line.startswith("#")):
            i = int(row["launch"])
            L = launches.setdefault(i, Launch(i, row["kernel"]))
            line = int(row["line"]) if row.get("line", "").strip().isdigit() else 0
            L.add_sass(row.get("file", ""), line, "", row.get("sass", ""), num(row.get("inst_executed")),
                       num(row.get("memory_l1_wavefronts_shared")), num(row.get("memory_l1_wavefronts_shared_ideal")))
    return [launches[i] for i in sorted(launches)]


# ------------------------------------------------------------------ ncu --page source --csv
def find_col(header, aliases):
    low = [h.strip().lower() for h in header]
    for a in aliases:
        if a in low:
            return low.index(a)
    return None


def read_source_csv(path, diag):
    """Structure-detecting reader. ncu writes, per profiled launch, some identification lines and
    a CSV table whose header names the columns. In the correlated view (cuda,sass) CUDA source
    rows and SASS rows alternate: a source row (no address) is followed by the SASS rows
    compiled from it."""
    with open_text(path) as f:
        rows = list(csv.reader(f))
    launches = []
    context = []
    header = None
    cols = {}
    cur = None
    cur_file = ""
    cur_line = 0
    cur_src = ""
    kinds = {"cuda": 0, "sass": 0, "other": 0}
    for row in rows:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        low = [c.lower() for c in cells]
        is_header = ("source" in low) and (find_col(cells, HEADER_ALIASES[M_INST]) is not None
                                           or find_col(cells, HEADER_ALIASES[M_WF]) is not None)
        if is_header:
            if header is None or cells != header or cur is None or context:
                # a new table: one launch
                kernel = guess_kernel(context) or (cur.kernel if cur and not context else "")
                cur = Launch(len(launches), kernel)
                launches.append(cur)
                diag.setdefault("contexts", []).append(context[:6])
                context = []
                cur_file, cur_line, cur_src = "", 0, ""
            header = cells
            cols = {
                "addr": find_col(header, ("address", "# address", "pc", "address offset")),
                "line": find_col(header, ("#", "# line", "line", "line number")),
                "src": find_col(header, ("source",)),
                "file": find_col(header, ("file", "source file", "file name")),
                "kernel": find_col(header, ("kernel name", "function name", "kernel", "function")),
                M_INST: find_col(header, HEADER_ALIASES[M_INST]),
                M_WF: find_col(header, HEADER_ALIASES[M_WF]),
                M_IDEAL: find_col(header, HEADER_ALIASES[M_IDEAL]),
            }
            diag.setdefault("headers", [])
            if header not in diag["headers"]:
                diag["headers"].append(header)
            continue
        if header is None or len(cells) != len(header):
            # identification / file lines between tables (or inside: a file path)
            joined = " ".join(cells)
            m = re.search(r"(\S+\.(?:cu|cuh|h|hpp|c|cpp))\b", joined)
            if header is not None and m and len(cells) <= 2:
                cur_file = m.group(1)
            else:
                context.append(joined)
            continue
        get = lambda k: cells[cols[k]] if cols.get(k) is not None and cols[k] < len(cells) else ""  # noqa: E731
        if cur is not None and not cur.kernel and get("kernel"):
            cur.kernel = get("kernel")
        if get("file"):
            cur_file = get("file")
        addr = get("addr")
        src = get("src")
        looks_sass = bool(addr) and bool(re.match(r"^(0x)?[0-9a-fA-F]+$", addr))
        if looks_sass:
            kinds["sass"] += 1
            cur.add_sass(cur_file, cur_line, cur_src, src, num(get(M_INST)), num(get(M_WF)), num(get(M_IDEAL)))
        else:
            ln = get("line")
            if ln.isdigit():
                kinds["cuda"] += 1
                cur_line = int(ln)
                cur_src = src
            else:
                kinds["other"] += 1
    diag["row_kinds"] = kinds
    return launches


def guess_kernel(context):
    for c in reversed(context):
        if "(" in c and ("bad::" in c or "fixed::" in c or "void " in c):
            m = re.search(r"((?:void\s+)?[A-Za-z_][\w:<>, ]*\([^)]*\))", c)
            return m.group(1) if m else c
    return ""


def compare(a_path, b_path):
    a, b = json.load(open(a_path)), json.load(open(b_path))
    bad = 0
    for la, lb in zip(a["launches"], b["launches"]):
        ka = {(l["file"].split("/")[-1], l["line"]): l for l in la["lines"]}
        kb = {(l["file"].split("/")[-1], l["line"]): l for l in lb["lines"]}
        for k in sorted(set(ka) | set(kb), key=str):
            x, y = ka.get(k), kb.get(k)
            vx = tuple(x[m] for m in (M_INST, M_WF, M_IDEAL)) if x else (0, 0, 0)
            vy = tuple(y[m] for m in (M_INST, M_WF, M_IDEAL)) if y else (0, 0, 0)
            if vx != vy:
                bad += 1
                print(f"launch {la['launch']} {la['instance']} {k}: {vx} != {vy}")
    if len(a["launches"]) != len(b["launches"]):
        bad += 1
        print(f"launch count {len(a['launches'])} != {len(b['launches'])}")
    print("compare:", "identical" if not bad else f"{bad} differences")
    return 0 if not bad else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source-csv")
    ap.add_argument("--pcs")
    ap.add_argument("-o", "--output")
    ap.add_argument("--compare", nargs=2)
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    diag = {}
    if args.source_csv:
        launches, inp = read_source_csv(args.source_csv, diag), args.source_csv
    elif args.pcs:
        launches, inp = read_pcs(args.pcs), args.pcs
    else:
        ap.error("give --source-csv or --pcs")
    doc = {"schema": "refk-ncu-lines/1", "generator": "reference-kernels/tools/fold_ncu_source.py",
           "input": inp.split("/")[-1], "launches": [L.to_json() for L in launches]}
    text = json.dumps(doc, indent=1)
    if args.output:
        open(args.output, "w").write(text + "\n")
    else:
        print(text)
    print(f"fold: {len(launches)} launches from {inp}; structure: {json.dumps(diag)[:2000]}", file=sys.stderr)
    for L in doc["launches"]:
        t = L["totals"]
        print(f"  [{L['launch']}] {L['variant']}:{L['instance']}  lines {len(L['lines'])}  inst {t[M_INST]}  "
              f"wf {t[M_WF]}  ideal {t[M_IDEAL]}", file=sys.stderr)
    return 0 if launches else 1


if __name__ == "__main__":
    sys.exit(main())
