#!/usr/bin/env python3
"""Compares bankcheck's cp.async predictions with Nsight Compute per kernel: ncu puts the copies of
cooperative_groups::memcpy_async on the library's lines, not on the call, so each kernel's
predicted copies (`total_ncu_wavefronts` / `total_ncu_ideal` summed over its cp.async accesses)
are compared with the wavefronts of all its LDGSTS instructions.

Usage: compare_cg_kernels.py NCU_LINES.json BANKCHECK.json [--markdown OUT.md]
Exit 1 when a kernel's predicted and measured wavefronts differ (totals may differ by one whole
factor, the same for wavefronts and ideal: a loop bankcheck counts once). A kernel with an
LDGSTS that executed and counted no wavefront (a guard-predicated `@P0 LDGSTS`) is reported as
not comparable: Nsight Compute counts no shared-memory wavefronts for such an instruction
(measured, measurements/cudacopy/README.md), so its measured total is short by what it wrote."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "verification", "public"))
from compare_public import emit  # noqa: E402


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
            if a["kind"] == "cp.async":
                predicted.setdefault(a["kernel"], []).append(a)
    rows, bad = ["| kernel | predicted wavefronts / ideal | measured (LDGSTS) | |", "|---|---:|---:|---|"], 0
    for launch in ncu["launches"]:
        kernel = launch["function"]
        copies = [s for l in launch["lines"] for s in l["smem_sass"] if s["opcode"].split()[-1].startswith("LDGSTS")]
        if not copies:
            continue
        # The folded opcodes drop guard predicates; an executed LDGSTS with no wavefront is one.
        uncounted = [s for s in copies if s["inst_executed"] > 0 and s["l1_wavefronts_shared"] == 0]
        mw = sum(s["l1_wavefronts_shared"] for s in copies)
        mi = sum(s["l1_wavefronts_shared_ideal"] for s in copies)
        calls = predicted.get(kernel, [])
        if uncounted and calls and all(a["status"] == "computed" for a in calls):
            pw = sum(a["total_ncu_wavefronts"] for a in calls)
            pi = sum(a["total_ncu_ideal"] for a in calls)
            rows.append(f"| `{kernel}` | {pw:g} / {pi:g} | {mw} / {mi} | not comparable: ncu counted 0 wavefronts for "
                        f"{len(uncounted)} executed LDGSTS (predicated) |")
        elif calls and all(a["status"] == "computed" for a in calls):
            pw = sum(a["total_ncu_wavefronts"] for a in calls)
            pi = sum(a["total_ncu_ideal"] for a in calls)
            # A loop bankcheck counts once (unknown trip count) repeats every copy alike: the
            # measured totals are then the predicted ones times the same whole number.
            times = mw / pw if pw else 0
            match = times >= 1 and times == int(times) and round(pi * times) == mi and round(pw * times) == mw
            bad += not match
            note = "" if times == 1 else f" (x {int(times)}: the predicted totals count the kernel's outer loop once)"
            rows.append(f"| `{kernel}` | {pw:g} / {pi:g} | {mw} / {mi} | {'match' + note if match else 'MISMATCH'} |")
        else:
            bad += 1
            rows.append(f"| `{kernel}` | not computed | {mw} / {mi} | |")
    return emit(rows, args.markdown, bad)


if __name__ == "__main__":
    sys.exit(main())
