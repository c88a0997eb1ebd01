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
    """'@!P0 LDS.U.128 R4, [R2+0x10] ;' -> 'LDS.U.128'. An instruction guarded by @!PT (never
    executes; nvcc places such 'LDS RZ, [RZ]' next to each LDGSTS) keeps its guard:
    '@!PT LDS'."""
    t = sass.strip()
    t = re.sub(r"^\{?\s*", "", t)
    never = t.startswith("@!PT")
    t = re.sub(r"^@!?U?P[T0-9]+\s+", "", t)
    op = t.split()[0].rstrip(";") if t.split() else ""
    return "@!PT " + op if never else op


def is_smem(op):
    base = op.split()[-1].split(".")[0] if op else ""
    return base in SMEM_OPS


def parse_kernel(name):
    """'void fixed::transpose_f32<8>(float *, ...)' -> (function, instance, variant)"""
    # ncu spells template arguments with casts, `(int)16` and `(bool)1`; bankcheck as written: 16, true.
    name = re.sub(r"\(bool\)1\b", "true", re.sub(r"\(bool\)0\b", "false", name or ""))
    name = re.sub(r"\((?:int|unsigned int|long|bool)\)", "", name)
    m = re.search(r"\b(bad|fixed)::([A-Za-z_][A-Za-z0-9_]*)(<[^()]*>)?", name)
    if not m:  # not a reference kernel (e.g. tools/sgemm_variants.cu): no variant
        m = re.search(r"([A-Za-z_][A-Za-z0-9_]*)(<[^()]*>)?\(", name)
        if not m:
            return None, None, None
        return m.group(1), m.group(1) + (m.group(2) or "").replace(" ", ""), None
    return m.group(2), m.group(2) + (m.group(3) or "").replace(" ", ""), m.group(1)


def rel_file(path):
    """Repository-relative path for the reference kernels ('reference-kernels/kernels/x.cu'),
    the path as ncu gives it for anything else (CUDA headers)."""
    i = path.find("reference-kernels/")
    return path[i:] if i >= 0 else path


class Launch:
    def __init__(self, index, kernel):
        self.index = index
        self.kernel = kernel
        self.lines = {}  # (file, line) -> dict

    def add_sass(self, file, line, source, sass, inst, wf, ideal):
        file = rel_file(file)
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


# Layout written by Nsight Compute 2025.3 for --page source --csv --print-source cuda,sass:
#   "File Path","/abs/path/kernel.cu"
#   "Function Name","void bad::transpose_f32<(int)8>(float *, const float *, int, int)"
#   "Line No","Source","Address","Source",<metric columns...>
#   "26","<CUDA source line>","-","-",<metrics summed over the line's SASS>
#   "","","0x7f94c77a0120","      STS [R5], R2 ;",<metrics of this SASS instruction>
#   "","","...","...","-",...           (a gap between address ranges: skipped)
# ncu 2025.3 sometimes prints a line's SASS list twice in a row; the line's own total counts
# each instruction once, so SASS rows are de-duplicated by address within a launch (and the
# per-line totals are checked against the de-duplicated sums).
# One such block per (launch, source file): a launch whose code comes from several files
# (inlined header functions) has several consecutive blocks with the same Function Name.
def read_source_csv(path, diag):
    with open_text(path) as f:
        rows = list(csv.reader(f))
    launches = []
    cur = None
    cur_file = ""
    pending_file = ""
    files_seen = set()
    header = None
    cols = {}
    line_no, line_src, line_tot = 0, "", None
    sums = {}
    mism = []
    pcs_seen = {}

    def close_line():
        if line_tot is not None and cur is not None:
            got = sums.get((cur.index, cur_file, line_no), (0, 0, 0))
            if tuple(line_tot) != got:
                mism.append((cur.kernel, cur_file, line_no, tuple(line_tot), got))

    for row in rows:
        if not row or not any(c.strip() for c in row):
            continue
        tag = row[0].strip()
        if tag == "File Path" and len(row) >= 2:
            close_line()
            line_tot = None
            pending_file = row[1].strip()
            continue
        if tag == "Function Name" and len(row) >= 2:
            name = row[1].strip()
            if cur is None or name != cur.kernel or pending_file in files_seen:
                cur = Launch(len(launches), name)
                launches.append(cur)
                files_seen = set()
            cur_file = pending_file
            files_seen.add(cur_file)
            continue
        if tag == "Line No":
            header = [c.strip() for c in row]
            cols = {M_INST: find_col(header, HEADER_ALIASES[M_INST]), M_WF: find_col(header, HEADER_ALIASES[M_WF]),
                    M_IDEAL: find_col(header, HEADER_ALIASES[M_IDEAL])}
            if None in cols.values():
                raise SystemExit(f"fold: metric columns missing in header: {header}")
            if header not in diag.setdefault("headers", []):
                diag["headers"].append(header)
            continue
        if header is None or cur is None:
            diag.setdefault("skipped", []).append(row[:3])
            continue
        vals = tuple(num(row[cols[m]]) if cols[m] < len(row) else 0 for m in (M_INST, M_WF, M_IDEAL))
        if tag.isdigit():  # a CUDA source line: the SASS rows that follow belong to it
            close_line()
            line_no, line_src, line_tot = int(tag), row[1] if len(row) > 1 else "", vals
            cur.lines.setdefault((rel_file(cur_file), line_no), {
                "file": rel_file(cur_file), "line": line_no, "source": line_src, M_INST: 0, M_WF: 0, M_IDEAL: 0, "_smem": {}})
            continue
        addr = row[2].strip() if len(row) > 2 else ""
        if tag == "" and re.match(r"^0x[0-9a-fA-F]+$", addr):
            if (cur.index, addr) in pcs_seen:
                if pcs_seen[(cur.index, addr)] != (cur_file, line_no):
                    diag.setdefault("pc_on_two_lines", []).append((cur.kernel, addr))
                continue
            pcs_seen[(cur.index, addr)] = (cur_file, line_no)
            sass = row[3] if len(row) > 3 else ""
            cur.add_sass(cur_file, line_no, line_src, sass, *vals)
            k = (cur.index, cur_file, line_no)
            a = sums.get(k, (0, 0, 0))
            sums[k] = tuple(x + y for x, y in zip(a, vals))
            continue
        if addr == "...":
            continue
        diag.setdefault("skipped", []).append(row[:3])
    close_line()
    diag["line_total_mismatches"] = len(mism)
    if mism:
        diag["first_mismatches"] = mism[:5]
    # lines that have no SASS at all carry nothing: drop them
    for L in launches:
        for k in [k for k, v in L.lines.items() if not v["_smem"] and not v[M_INST] and not v[M_WF]]:
            del L.lines[k]
    return launches


def compare(a_path, b_path):
    """Strict on shared memory: per launch and source line, the wavefronts, the ideal and every
    shared-memory SASS record must be identical. Instruction counts of lines that hold inlined
    code (helper functions, CUDA headers) legitimately differ between ncu's source page and
    the per-PC line table, so they are only counted."""
    a, b = json.load(open(a_path)), json.load(open(b_path))
    bad, info = 0, 0
    if len(a["launches"]) != len(b["launches"]):
        bad += 1
        print(f"launch count {len(a['launches'])} != {len(b['launches'])}")
    for la, lb in zip(a["launches"], b["launches"]):
        if (la["instance"], la["variant"]) != (lb["instance"], lb["variant"]):
            bad += 1
            print(f"launch {la['launch']}: {la['kernel']} != {lb['kernel']}")
            continue
        ka = {(l["file"].split("/")[-1], l["line"]): l for l in la["lines"]}
        kb = {(l["file"].split("/")[-1], l["line"]): l for l in lb["lines"]}
        for k in sorted(set(ka) | set(kb), key=str):
            x, y = ka.get(k), kb.get(k)
            sx = (x[M_WF], x[M_IDEAL], x["smem_sass"]) if x else (0, 0, [])
            sy = (y[M_WF], y[M_IDEAL], y["smem_sass"]) if y else (0, 0, [])
            if sx != sy:
                bad += 1
                print(f"launch {la['launch']} {la['variant']}:{la['instance']} {k}: shared memory {sx} != {sy}")
            elif (x or {}).get(M_INST, 0) != (y or {}).get(M_INST, 0):
                info += 1
        if la["totals"][M_WF] != lb["totals"][M_WF] or la["totals"][M_IDEAL] != lb["totals"][M_IDEAL]:
            bad += 1
            print(f"launch {la['launch']}: totals {la['totals']} != {lb['totals']}")
    print(f"compare: shared-memory records {'identical' if not bad else f'{bad} DIFFERENCES'}; "
          f"{info} lines differ only in instructions executed (inlined code attributed differently)")
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
