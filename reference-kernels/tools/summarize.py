#!/usr/bin/env python3
"""Markdown summary of one verify-on-gpu run: the timing table (bad vs fixed, cuBLAS ratio)
from the harness JSON, and per kernel instance the shared-memory source lines with their
measured wavefronts (bad next to fixed) from the folded ncu JSON. Standard library only.
Usage: summarize.py --timings timings.json --lines ncu-lines.json --kernels DIR
"""
import argparse
import json
import os


def fmt(x, nd=2):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{nd}f}"
    return str(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timings")
    ap.add_argument("--lines")
    ap.add_argument("--kernels")
    a = ap.parse_args()
    out = []
    if a.timings and os.path.exists(a.timings):
        t = json.load(open(a.timings))
        d = t["device"]
        out.append(f"Device: {d['name']} (cc {d['cc']}, {d['sms']} SMs), driver {d['driver']}, runtime {d['runtime']}. "
                   f"Times: median of CUDA-event times after 3 warm-up runs.\n")
        out.append("| kernel | variant | launch | median ms | GB/s or GFLOP/s | fixed speedup | check (rel. err / tol) |")
        out.append("|---|---|---|---:|---:|---:|---|")
        res = t["results"]
        bad = {r["kernel"]: r for r in res if r["variant"] == "bad"}
        for r in res:
            rate = r.get("gflops", r.get("gbytes_per_s"))
            unit = "GFLOP/s" if "gflops" in r else "GB/s"
            sp = ""
            if r["variant"] == "fixed" and r["kernel"] in bad and bad[r["kernel"]]["median_ms"] and r["median_ms"]:
                sp = f"{bad[r['kernel']]['median_ms'] / r['median_ms']:.3f}x"
            frac = f" ({100 * r['fraction_of_cublas']:.1f}% of cuBLAS)" if r.get("fraction_of_cublas") else ""
            chk = ("PASS" if r["pass"] else "FAIL") if r["checked"] else "-"
            if r.get("rel_err") is not None and r.get("tol") is not None:
                chk += f" ({r['rel_err']:.2g} / {r['tol']:.2g})"
            out.append(f"| {r['kernel']} | {r['variant']} | {r['launch']} | {fmt(r['median_ms'], 4)} | "
                       f"{fmt(rate, 0)} {unit}{frac} | {sp} | {chk} |")
        out.append(f"\ncuBLAS SGEMM 4096^3: {fmt(t.get('cublas_sgemm_gflops'), 0)} GFLOP/s. "
                   f"All checks passed: {t.get('all_checks_passed')}.\n")
    if a.lines and os.path.exists(a.lines):
        L = json.load(open(a.lines))
        by = {}
        for la in L["launches"]:
            by.setdefault(la["instance"] or la["kernel"], {})[la["variant"] or "?"] = la
        out.append("Per source line and shared-memory SASS opcode (from ncu SourceCounters, one launch each): "
                   "static instruction count, warp-level instructions executed, and per executed instruction the "
                   "L1 wavefronts shared and ncu's ideal, bad next to fixed. Lines are the same in both files.\n")
        for inst, vs in by.items():
            b, f = vs.get("bad"), vs.get("fixed")
            out.append(f"#### {inst}\n")
            out.append("| line | source | SASS | executed | bad wf/inst | bad ideal/inst | fixed wf/inst | fixed ideal/inst |")
            out.append("|---:|---|---|---:|---:|---:|---:|---:|")
            rows = {}
            order = []
            for tag, la in (("bad", b), ("fixed", f)):
                if not la:
                    continue
                for l in la["lines"]:
                    for sm in l["smem_sass"]:
                        pair_file = l["file"].replace(".bad.cu", ".cu").replace(".fixed.cu", ".cu")
                        key = (pair_file, l["line"], sm["opcode"])
                        if key not in rows:
                            rows[key] = {"source": l["source"]}
                            order.append(key)
                        rows[key][tag] = sm
            order.sort(key=lambda k: (not k[0].startswith("reference-kernels"), k[0], k[1], k[2]))

            def per(sm, m):
                if not sm or not sm["inst_executed"]:
                    return "-"
                return f"{sm[m] / sm['inst_executed']:.2f}"
            for key in order:
                r = rows[key]
                src = r["source"].strip().replace("|", "\\|")
                if len(src) > 70:
                    src = src[:67] + "..."
                any_sm = r.get("bad") or r.get("fixed")
                loc = str(key[1]) if key[0].startswith("reference-kernels") else f"{os.path.basename(key[0])}:{key[1]}"
                out.append(f"| {loc} | `{src}` | {key[2]} x{any_sm['static_count']} | {any_sm['inst_executed']} | "
                           f"{per(r.get('bad'), 'l1_wavefronts_shared')} | {per(r.get('bad'), 'l1_wavefronts_shared_ideal')} | "
                           f"{per(r.get('fixed'), 'l1_wavefronts_shared')} | {per(r.get('fixed'), 'l1_wavefronts_shared_ideal')} |")
            if b and f:
                tb, tf = b["totals"], f["totals"]
                out.append(f"\nWhole launch (sum over lines): bad {tb['l1_wavefronts_shared']:,} wavefronts "
                           f"(ideal {tb['l1_wavefronts_shared_ideal']:,}), fixed {tf['l1_wavefronts_shared']:,} "
                           f"(ideal {tf['l1_wavefronts_shared_ideal']:,}).\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
