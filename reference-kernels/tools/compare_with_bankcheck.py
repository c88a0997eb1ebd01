#!/usr/bin/env python3
"""Compares bankcheck's predictions with Nsight Compute's measurements, line by line.

Inputs:
  ncu-lines.json   folded ncu source counters (schema refk-ncu-lines/1, see docs/verification.md)
  bankcheck.json   `bankcheck --format=json` on the same kernel sources (schema bankcheck-report/1);
                   several files may be given (the fixed variants are analyzed with
                   `-- -DREFK_VARIANT=fixed`, so their kernels are named fixed::...)

For every (kernel instance, source line) with shared-memory loads or stores (LDS*/STS*) or
ldmatrix/stmatrix (LDSM/STSM), the measured ways are L1 Wavefronts Shared / L1 Wavefronts Shared
Ideal summed over the line's SASS instructions; bankcheck's prediction is aggregated the same way,
in ncu's units (total_ncu_wavefronts / total_ncu_ideal over the line's accesses: every warp and
loop iteration weighted by how often it runs). They must agree to 0.01. The SASS widths (LDS.128
...) must equal the instruction widths bankcheck used. Instructions ncu shows as never executed
(`@!PT`) are skipped.

cp.async copies: `.ca` ones (LDGSTS.E, .E.64, .E.128) are compared the same way and reported on
their own: the .ca rule is fitted to isolated instructions (docs/hardware-model.md), and the
count is given separately rather than gating. `.cg` ones (LDGSTS.E.BYPASS.128) are compared and
gate like LDS/STS: bankcheck predicts what the source view counts for them (the launch's
shared-memory counter omits their writes; docs/hardware-model.md), and they are counted apart in
the summary.

Writes an optional Markdown report and JSON; exits 1 when any LDS/STS/LDSM/STSM line disagrees.
"""
import argparse
import json
import os
import re
import sys

TOL = 0.01

SASS_WIDTH = {"": 4, "U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}


def sass_width(opcode):
    """LDS.128 -> 16, STS.U16 -> 2, LDS -> 4, LDSM -> 16 (a 16-byte row per lane), LDGSTS.E.128 ->
    16 (.E.BYPASS.128 too); None for anything else."""
    op = opcode.split()[-1]
    base, _, suffix = op.partition(".")
    if base in ("LDSM", "STSM"):
        return 16
    if base == "LDGSTS":
        return 16 if "128" in suffix.split(".") else 8 if "64" in suffix.split(".") else 4
    if base not in ("LDS", "STS"):
        return None
    for part in suffix.split("."):
        if part in SASS_WIDTH:
            return SASS_WIDTH[part]
    return 4


def measured_lines(ncu):
    """{(variant::instance, file basename, line): measurement} for LDS/STS lines."""
    out = {}
    for launch in ncu["launches"]:
        kernel = f"{launch['variant']}::{launch['instance']}"
        for line in launch["lines"]:
            wf = ideal = inst = 0
            widths, opcodes, async_copies, ca, cg = set(), [], 0, False, False
            for sass in line.get("smem_sass", []):
                opcode = sass["opcode"]
                if opcode.startswith("@!PT"):
                    continue  # never executes
                bypass = "LDGSTS" in opcode and "BYPASS" in opcode
                width = sass_width(opcode)
                if width is None or sass["inst_executed"] == 0:
                    continue
                wf += sass["l1_wavefronts_shared"]
                ideal += sass["l1_wavefronts_shared_ideal"]
                inst += sass["inst_executed"]
                widths.add(width)
                opcodes.append(opcode)
                ca |= opcode.split()[-1].startswith("LDGSTS") and not bypass
                cg |= bypass
            if inst == 0 and async_copies == 0:
                continue
            out[(kernel, os.path.basename(line["file"]), line["line"])] = {
                "wavefronts": wf, "ideal": ideal, "instructions": inst, "widths": sorted(widths),
                "opcodes": sorted(set(opcodes)), "async_copies": async_copies, "source": line.get("source", ""),
                "cp_async_ca": ca, "cp_async_cg": cg,
            }
    return out


def predicted_lines(report):
    out = {}
    for f in report["files"]:
        for a in f["accesses"]:
            key = (a["kernel"], os.path.basename(a["file"]), a["line"])
            p = out.setdefault(key, {"ncu_wavefronts": 0.0, "ncu_ideal": 0.0, "executions": 0.0, "widths": set(),
                                     "unknown": [], "async_copies": 0, "accesses": [], "warning": False,
                                     "approximate": False, "condition_assumed": False})
            p["accesses"].append(f"{a['kind']} {a['array']}")
            # An access ptxas merges with its neighbours' into one instruction, which nvcc puts
            # on one of their lines (bankcheck's note names them).
            for note in a.get("notes", []):
                m = re.search(r"merged with the access(?:es)? at line ([\d, ]+) into one", note)
                if m:
                    p.setdefault("merged_lines", set()).update(int(x) for x in m.group(1).split(","))
            if a["kind"] == "cp.async":
                p["async_copies"] += 1
            if a["status"] != "computed":
                p["unknown"].append(a.get("reason", "unknown"))
                continue
            if a["executions"] <= 0:
                continue
            p["ncu_wavefronts"] += a["total_ncu_wavefronts"]
            p["ncu_ideal"] += a["total_ncu_ideal"]
            p["executions"] += a["executions"]
            p.setdefault("per_instruction", []).append(a["total_ncu_wavefronts"] / a["executions"])
            p["widths"].add(a["instruction_width_bytes"])
            # Widths the access takes in some copies of an unrolled loop only (merged there).
            p["widths"].update(a.get("other_instruction_widths_bytes", []))
            p["warning"] |= a.get("warning", False)
            p["approximate"] |= a.get("approximate", False)
            p["condition_assumed"] |= a.get("condition_assumed", False)
    return out


def compare(measured, predicted):
    rows = []
    for key in sorted(set(measured) | set(predicted)):
        m, p = measured.get(key), predicted.get(key)
        kernel, file, line = key
        row = {"kernel": kernel, "file": file, "line": line}
        if m and m["instructions"] == 0 and m["async_copies"]:
            row.update(status="cp.async (not modelled)", match=None, measured_ways=None, predicted_ways=None,
                       access=", ".join(p["accesses"]) if p else "", source=m["source"])
            rows.append(row)
            continue
        if p and not p["executions"] and not p["unknown"]:
            if not m or m["instructions"] == 0:
                continue
        mw = m["wavefronts"] / m["ideal"] if m and m["ideal"] else None
        pw = p["ncu_wavefronts"] / p["ncu_ideal"] if p and p["ncu_ideal"] else None
        # Wavefronts per executed instruction, too: ncu's ideal moves with the layout for paired
        # 16-byte loads, so ways alone can hide a 4 -> 2 change.
        mi = m["wavefronts"] / m["instructions"] if m and m["instructions"] else None
        pi = p["ncu_wavefronts"] / p["executions"] if p and p["executions"] else None
        # A cp.async.cg count bankcheck itself flags approximate is compared and reported with the
        # .ca copies, not gating (none since the layered rule of 2026-12-02).
        approx_cg = bool(m and m.get("cp_async_cg") and p and p["approximate"])
        row.update(access=", ".join(p["accesses"] if p else []),
                   cp_async_ca=bool(m and m.get("cp_async_ca")), cp_async_cg=bool(m and m.get("cp_async_cg")) and not approx_cg,
                   approximate_cg=approx_cg, counted_apart=bool(m and m.get("cp_async_ca")) or approx_cg,
                   source=(m or {}).get("source", ""), measured_ways=mw, predicted_ways=pw,
                   measured_per_instruction=mi, predicted_per_instruction=pi,
                   measured_widths=m["widths"] if m else [], predicted_widths=sorted(p["widths"]) if p else [],
                   opcodes=m["opcodes"] if m else [], warning=bool(p and p["warning"]))
        problems = []
        merged_into = [l for l in sorted((p or {}).get("merged_lines", ())) if measured.get((kernel, file, l), {}).get("instructions")]
        if not m and merged_into:
            # No instruction of its own: compared where nvcc put the merged instruction.
            row.update(status=f"merged into the instruction nvcc puts on line {merged_into[0]}", match=None, merged_into=merged_into[0])
            rows.append(row)
            continue
        if not m:
            problems.append("predicted, but ncu measured no shared-memory instruction on this line")
        elif not p:
            problems.append("measured, but bankcheck found no access on this line")
        else:
            if p["unknown"]:
                problems.append("bankcheck: unknown (" + "; ".join(sorted(set(p["unknown"]))) + ")")
            if mw is None or pw is None or abs(mw - pw) > TOL:
                problems.append("ways differ")
            if mi is None or pi is None or abs(mi - pi) > TOL * max(1.0, mi):
                differ = f"wavefronts per instruction differ ({pi if pi is None else round(pi, 3)} vs {mi if mi is None else round(mi, 3)})"
                # bankcheck assumed a condition it cannot know true in every execution (a trip
                # count of a kernel parameter): its executions are the assumption's, while ncu
                # counts every issue, also those whose predicate was false for the whole warp
                # (hgemm_mma's copies of the last tiles). The ways still gate.
                if p["condition_assumed"] and mw is not None and pw is not None and abs(mw - pw) <= TOL:
                    row["note"] = differ + ": executions assumed"
                else:
                    problems.append(differ)
            if m["widths"] != sorted(p["widths"]):
                problems.append(f"widths differ (SASS {m['widths']}, bankcheck {sorted(p['widths'])})")
        row["match"] = not problems
        row["status"] = "match" if not problems else "; ".join(problems)
        rows.append(row)
    return rows


def fmt_ways(v):
    return "-" if v is None else f"{v:.3f}"


def write_report(path, rows, timings, ncu_path, bankcheck_path):
    by_kernel = {}
    for r in rows:
        by_kernel.setdefault(r["kernel"], []).append(r)
    compared = [r for r in rows if r["match"] is not None and not r.get("counted_apart")]
    matched = sum(1 for r in compared if r["match"])
    copies = [r for r in rows if r["match"] is not None and r.get("counted_apart")]
    copies_matched = sum(1 for r in copies if r["match"])
    bypass = [r for r in compared if r.get("cp_async_cg")]
    bypass_matched = sum(1 for r in bypass if r["match"])
    lines = [
        "# bankcheck against Nsight Compute on an NVIDIA H200",
        "",
        "Generated by `reference-kernels/tools/compare_with_bankcheck.py` from",
        f"[{os.path.relpath(ncu_path, os.path.dirname(path))}]({os.path.relpath(ncu_path, os.path.dirname(path))}) (measured) and",
        f"[{os.path.relpath(bankcheck_path, os.path.dirname(path))}]({os.path.relpath(bankcheck_path, os.path.dirname(path))}) "
        "(`bankcheck --format=json reference-kernels/kernels/*.cu`).",
        "How the numbers are made and how to re-run: [../verification.md](../verification.md).",
        "",
        f"**{matched} of {len(compared)} shared-memory source lines match** (LDS, STS, LDSM and cp.async.cg: ways in "
        f"ncu's units, to {TOL}; wavefronts per instruction; and the SASS instruction widths), among them "
        f"**{bypass_matched} of {len(bypass)} cp.async.cg lines** (LDGSTS.E.BYPASS.128: predicted as Nsight Compute's "
        "source view counts them; the launch's shared-memory counter omits their writes, ../hardware-model.md). "
        f"**cp.async copies counted apart: {copies_matched} of {len(copies)} lines match**: cp.async.ca (LDGSTS.E), "
        "whose rule is fitted to isolated instructions, and any cp.async.cg line whose count bankcheck itself flags "
        "approximate (none since the layered rule of 2026-12-02, exact on all 1,027 measured patterns; "
        "../hardware-model.md).",
        "",
        "Ways = L1 Wavefronts Shared / L1 Wavefronts Shared Ideal for the line, summed over its SASS "
        "instructions and executions; bankcheck's prediction is aggregated the same way.",
        "",
    ]
    for kernel in sorted(by_kernel):
        lines += [f"## `{kernel}`", "",
                  "| line | access | SASS | predicted ways | measured ways | predicted wavefronts / instr. | measured wavefronts / instr. | predicted width | match |",
                  "|---:|---|---|---:|---:|---:|---:|---|---|"]
        for r in sorted(by_kernel[kernel], key=lambda r: r["line"]):
            widths = ", ".join(f"{w} B" for w in r.get("predicted_widths", [])) or "-"
            match = "-" if r["match"] is None else ("yes" if r["match"] else "**NO**: " + r["status"])
            lines.append(f"| {r['line']} | {r.get('access', '')} | {' '.join(r.get('opcodes', [])) or 'LDGSTS'} | "
                         f"{fmt_ways(r.get('predicted_ways'))} | {fmt_ways(r.get('measured_ways'))} | "
                         f"{fmt_ways(r.get('predicted_per_instruction'))} | {fmt_ways(r.get('measured_per_instruction'))} | {widths} | {match} |")
        lines.append("")
    if timings:
        lines += ["## Time, bad vs fixed", "",
                  f"Times: {timings.get('timing', {}).get('statistic', 'median of CUDA-event times')}, "
                  f"{timings.get('timing', {}).get('warmup_runs', '?')} warm-up runs; "
                  f"cuBLAS on the same run: SGEMM {timings.get('cublas_sgemm_gflops') or 0:,.0f} GFLOP/s, "
                  f"HGEMM on the tensor cores (cublasGemmEx, fp16 in, fp32 out) {timings.get('cublas_hgemm_gflops') or 0:,.0f} GFLOP/s; "
                  "the % column compares the fp32 GEMMs with SGEMM and hgemm_mma with HGEMM.", "",
                  "| kernel | problem | bad ms | fixed ms | speed-up | GFLOP/s fixed | % of cuBLAS |", "|---|---|---:|---:|---:|---:|---:|"]
        pairs = {}
        for res in timings.get("results", []):
            pairs.setdefault(res["kernel"], {})[res.get("variant", "")] = res
        for name, v in pairs.items():
            bad, fixed = v.get("bad"), v.get("fixed")
            if not bad or not fixed:
                continue
            gf = fixed.get("gflops")
            yardstick = (timings.get("cublas_sgemm_gflops") if "sgemm" in name else
                         timings.get("cublas_hgemm_gflops") if name == "hgemm_mma" else None)
            pct = f"{100 * gf / yardstick:.1f}%" if gf and yardstick else "-"
            lines.append(f"| {name} | {fixed.get('problem', '')} | {bad['median_ms']:.4f} | {fixed['median_ms']:.4f} | "
                         f"{bad['median_ms'] / fixed['median_ms']:.2f}x | {gf if gf else '-'} | {pct} |")
        lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ncu_lines")
    ap.add_argument("bankcheck_json", nargs="+")
    ap.add_argument("--report", help="write a Markdown report here")
    ap.add_argument("--json", help="write the comparison rows as JSON here")
    ap.add_argument("--timings", help="harness timings JSON to include in the report")
    args = ap.parse_args()
    with open(args.ncu_lines) as f:
        ncu = json.load(f)
    report = {"files": []}
    for path in args.bankcheck_json:
        with open(path) as f:
            report["files"] += json.load(f)["files"]
    rows = compare(measured_lines(ncu), predicted_lines(report))
    timings = None
    if args.timings:
        with open(args.timings) as f:
            timings = json.load(f)
    if args.report:
        write_report(args.report, rows, timings, args.ncu_lines, args.bankcheck_json[0])
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"schema": "bankcheck-vs-ncu/1", "tolerance": TOL, "rows": rows}, f, indent=1, default=list)
    compared = [r for r in rows if r["match"] is not None and not r.get("counted_apart")]
    bad = [r for r in compared if not r["match"]]
    copies = [r for r in rows if r["match"] is not None and r.get("counted_apart")]
    bad_copies = [r for r in copies if not r["match"]]
    for r in bad + bad_copies:
        print(f"{r['file']}:{r['line']}: {r['kernel']}: {r['status']} (predicted {fmt_ways(r.get('predicted_ways'))}, "
              f"measured {fmt_ways(r.get('measured_ways'))}){(' [cp.async.cg, approximate, not gating]' if r.get('approximate_cg') else ' [cp.async.ca, not gating]') if r in bad_copies else ''}",
              file=sys.stderr)
    print(f"{len(compared) - len(bad)}/{len(compared)} shared-memory lines match; "
          f"cp.async counted apart (.ca, approximate .cg): {len(copies) - len(bad_copies)}/{len(copies)} lines match")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
