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
        out.append("Per source line, shared-memory instructions only: warp-level instructions executed, "
                   "L1 wavefronts shared, and ways = wavefronts / ideal, bad next to fixed.\n")
        for inst, vs in by.items():
            b, f = vs.get("bad"), vs.get("fixed")
            any_l = b or f
            src_file = os.path.basename(any_l["lines"][0]["file"]) if any_l["lines"] else ""
            out.append(f"#### {inst}\n")
            out.append("| line | source | SASS (bad) | inst | wavefronts bad | ideal | ways bad | SASS (fixed) | wavefronts fixed | ideal | ways fixed |")
            out.append("|---:|---|---|---:|---:|---:|---:|---|---:|---:|---:|")
            keys = []
            for la in (b, f):
                if la:
                    for l in la["lines"]:
                        if l["smem_sass"] and (l["file"].split("/")[-1], l["line"]) not in keys:
                            keys.append((l["file"].split("/")[-1], l["line"]))
            keys.sort(key=lambda k: (k[0], k[1]))

            def get(la, k):
                if not la:
                    return None
                for l in la["lines"]:
                    if (l["file"].split("/")[-1], l["line"]) == k:
                        return l
                return None
            for k in keys:
                lb, lf = get(b, k), get(f, k)
                src = (lb or lf)["source"].strip().replace("|", "\\|")
                if len(src) > 60:
                    src = src[:57] + "..."
                ops = lambda l: ", ".join(f"{s['opcode']}x{s['static_count']}" for s in l["smem_sass"]) if l else "-"  # noqa: E731
                w = lambda l, m: fmt(l[m]) if l else "-"  # noqa: E731
                ways = lambda l: fmt(l["ways"]) if l else "-"  # noqa: E731
                fname = "" if k[0] in src_file else k[0] + ":"
                out.append(f"| {fname}{k[1]} | `{src}` | {ops(lb)} | {w(lb, 'inst_executed')} | {w(lb, 'l1_wavefronts_shared')} | "
                           f"{w(lb, 'l1_wavefronts_shared_ideal')} | {ways(lb)} | {ops(lf)} | {w(lf, 'l1_wavefronts_shared')} | "
                           f"{w(lf, 'l1_wavefronts_shared_ideal')} | {ways(lf)} |")
            tb = b["totals"] if b else None
            tf = f["totals"] if f else None
            if tb and tf:
                out.append(f"\nWhole kernel: bad {tb['l1_wavefronts_shared']} wavefronts (ideal {tb['l1_wavefronts_shared_ideal']}), "
                           f"fixed {tf['l1_wavefronts_shared']} (ideal {tf['l1_wavefronts_shared_ideal']}).\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
