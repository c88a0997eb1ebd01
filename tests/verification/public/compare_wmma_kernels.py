#!/usr/bin/env python3
"""Compares bankcheck's wmma predictions with Nsight Compute per kernel: ncu puts a wmma call's
instructions on the lines of CUDA's crt/mma.hpp, not on the call, so the calls are compared as a
whole - the kernel's predicted wavefronts over its computed wmma calls (`total_ncu_wavefronts` /
`total_ncu_ideal`) against the wavefronts measured on mma.hpp's lines. The lines of mma.hpp and the
predicted calls are listed below each kernel, for the reader to pair fragment kinds.

Usage: compare_wmma_kernels.py NCU_LINES.json BANKCHECK.json [--markdown OUT.md]
Exit 1 when a kernel's predicted and measured ways differ by more than 0.01."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from compare_public import emit, normalize  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ncu_lines")
    ap.add_argument("bankcheck_json")
    ap.add_argument("--markdown")
    args = ap.parse_args()
    ncu = json.load(open(args.ncu_lines))
    report = json.load(open(args.bankcheck_json))
    predicted = {}
    for f in report["files"]:
        for a in f["accesses"]:
            if not str(a.get("value_type", "")).startswith("wmma"):
                continue
            k = normalize(a["kernel"])
            predicted.setdefault(k, []).append(a)
    out, bad = [], 0
    for launch in ncu["launches"]:
        kernel = normalize(launch["kernel"])
        lines = [l for l in launch["lines"] if os.path.basename(l["file"]) == "mma.hpp" and l["l1_wavefronts_shared_ideal"]]
        if not lines:
            continue
        mw = sum(l["l1_wavefronts_shared"] for l in lines)
        mi = sum(l["l1_wavefronts_shared_ideal"] for l in lines)
        calls = predicted.get(kernel, [])
        computed = [a for a in calls if a["status"] == "computed" and a.get("total_ncu_ideal")]
        if computed and len(computed) == len(calls):
            pw = sum(a["total_ncu_wavefronts"] for a in computed)
            pi = sum(a["total_ncu_ideal"] for a in computed)
            match = abs(pw / pi - mw / mi) <= 0.01
            bad += not match
            verdict = f"{pw / pi:.3f} predicted, {mw / mi:.3f} measured: {'match' if match else 'MISMATCH'}"
        else:
            verdict = f"{mw / mi:.3f} measured; {len(calls) - len(computed)} of {len(calls)} wmma calls not computed"
        out.append(f"- `{kernel}` (launch {launch['launch']}): {verdict}")
        for l in lines:
            ops = ", ".join(sorted({s["opcode"] for s in l["smem_sass"] if s["l1_wavefronts_shared"]}))
            out.append(f"  - measured mma.hpp:{l['line']} {ops}: {l['ways']:.2f} ways")
        for a in calls:
            out.append(f"  - predicted line {a['line']} {a['value_type']}: "
                       + (f"{a['ways']} ways" if a["status"] == "computed" else "not computed"))
    return emit(out, args.markdown, bad)


if __name__ == "__main__":
    sys.exit(main())
