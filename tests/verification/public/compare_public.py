#!/usr/bin/env python3
"""Compares bankcheck's JSON with folded Nsight Compute lines for public code, where the kernel
names differ only in spelling: ncu demangles `Sgemm<(int)128, (bool)0>(float *, ...)`, bankcheck
writes `Sgemm<128, false>`. Both are reduced to one spelling, then
reference-kernels/tools/compare_with_bankcheck.py compares the lines (same tolerance and rules).

Usage: compare_public.py NCU_LINES.json BANKCHECK.json... [--markdown OUT.md]
Exit 1 when a line bankcheck computes disagrees with the measurement."""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "reference-kernels", "tools"))
import compare_with_bankcheck as cwb  # noqa: E402


def normalize(name):
    name = re.sub(r"^void ", "", name.strip())
    depth, end = 0, len(name)
    for i, c in enumerate(name):  # drop the parameter list after the template arguments
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            end = i
            break
    name = name[:end]
    name = re.sub(r"\((?:unsigned |signed )?(?:int|long|long long|short|char|bool|unsigned)\)", "", name)
    name = name.replace("false", "0").replace("true", "1")
    name = re.sub(r"(\d+)(?:ULL|UL|LL|U|L)\b", r"\1", name, flags=re.IGNORECASE)
    return name.replace(" ", "")


def emit(lines, markdown, bad):
    """Prints the comparison, writes it to `markdown` if given; the exit status: 1 when any is bad."""
    text = "\n".join(lines)
    print(text)
    if markdown:
        open(markdown, "w").write(text + "\n")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ncu_lines")
    ap.add_argument("bankcheck_json", nargs="+")
    ap.add_argument("--markdown")
    args = ap.parse_args()
    ncu = json.load(open(args.ncu_lines))
    for launch in ncu["launches"]:
        launch["variant"], launch["instance"] = "", normalize(launch["kernel"])
    measured = {(k.split("::", 1)[1], f, l): v for (k, f, l), v in cwb.measured_lines(ncu).items()}
    predicted, spans = {}, {}
    for path in args.bankcheck_json:
        report = json.load(open(path))
        for (k, f, l), v in cwb.predicted_lines(report).items():
            predicted[(normalize(k), f, l)] = v
        for f in report["files"]:
            for a in f["accesses"]:
                key = (normalize(a["kernel"]), os.path.basename(a["file"]), a["line"])
                spans[key] = max(spans.get(key, a["line"]), a.get("end_line", a["line"]))
    kernels = {k for k, _, _ in measured}
    predicted = {key: v for key, v in predicted.items() if key[0] in kernels}  # instances that ran
    # A statement over several lines (`tile[r]\n[c] = v;`): nvcc may give its instruction the line
    # of a later part. A measured line no access starts on takes the access whose span holds it.
    for key in sorted(set(measured) - set(predicted)):
        kernel, file, line = key
        holders = [p for p in predicted if p[0] == kernel and p[1] == file and p not in measured and p[2] < line <= spans.get(p, p[2])]
        if len(holders) == 1:
            predicted[key] = predicted.pop(holders[0])
    rows = [r for r in cwb.compare(measured, predicted) if r["match"] is not None or r.get("merged_into")]
    merged = [r for r in rows if r.get("merged_into")]
    rows = [r for r in rows if not r.get("merged_into")] + merged
    computed = [r for r in rows if "bankcheck: unknown" not in r["status"] and not r.get("merged_into")]
    bad = [r for r in computed if not r["match"]]
    out = ["| kernel | line | access | bankcheck | H200 | |", "|---|---:|---|---:|---:|---|"]
    for r in rows:
        out.append(f"| `{r['kernel']}` | {r['file']}:{r['line']} | {r['access']} | {cwb.fmt_ways(r['predicted_ways'])} | "
                   f"{cwb.fmt_ways(r['measured_ways'])} | {r['status']} |")
    out.append("")
    out.append(f"{len(computed) - len(bad)} of {len(computed)} computed lines match; {len(rows) - len(computed) - len(merged)} lines not computed; "
               f"{len(merged)} lines merged into an instruction nvcc puts on another line.")
    return emit(out, args.markdown, bad)


if __name__ == "__main__":
    sys.exit(main())
