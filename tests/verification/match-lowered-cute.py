#!/usr/bin/env python3
"""bankcheck's predictions for the CuTe tutorial kernels (computed from their optimized LLVM IR,
docs/verification/cute-tutorial-h200.md) against Nsight Compute's per-instruction shared
wavefronts measured on an H200.

For every profiled kernel instance and every kind of shared instruction (LDS, STS, LDSM, LDGSTS),
the measured worst instruction (wavefronts per execution, and its ideal) must equal bankcheck's
worst access of that kind (worst wavefronts, ideal). The comparison is per kind, not per line:
the code is inlined from CuTe's headers, and Nsight Compute lists an instruction under several of
its inlined source lines, so lines do not map one to one.

Usage: match-lowered-cute.py <bankcheck> <cutlass checkout> <raw dir with *.ncu-source.csv.gz>
"""
import collections, csv, difflib, glob, gzip, io, json, os, re, subprocess, sys

bankcheck, cutlass, raw_dir = (os.path.abspath(a) for a in sys.argv[1:4])
KINDS = {"LDSM": "ldmatrix", "LDGSTS": "cp.async", "LDS": "load", "STS": "store"}
PREDICTED_KINDS = {"ldmatrix": "ldmatrix", "cp.async": "cp.async", "load": "load", "store": "store"}


def normalize(name):
    name = re.sub(r"^void ", "", name)
    name = re.sub(r"\([^()]*\)$", "", name.replace("(int)", "")).strip()
    return name.replace(" ", "")


def sass_kind(text):
    op = text.strip().split()[0] if text.strip() else ""
    op = op.split(".")[0]
    return KINDS.get(op)


def measured_lines(path, source_file):
    """{(kernel, line, kind): (worst wavefronts per execution, ideal per execution)}"""
    out = {}
    header = None
    section_file = kernel = None
    seen = set()
    for row in csv.reader(io.TextIOWrapper(gzip.open(path), encoding="utf-8")):
        if not row:
            continue
        if row[0] == "File Path":
            section_file = row[1]
            continue
        if row[0] == "Function Name":
            kernel = normalize(row[1])
            continue
        if row[0] == "Line No":
            header = row
            continue
        if not header or row[0]:
            continue
        if (kernel, row[2]) in seen:  # the same instruction listed under another inlined line
            continue
        seen.add((kernel, row[2]))
        kind = sass_kind(row[3])
        if not kind:
            continue
        executed = int(row[header.index("Instructions Executed")] or 0)
        if not executed:
            continue
        wavefronts = int(row[header.index("L1 Wavefronts Shared")] or 0)
        ideal = int(row[header.index("L1 Wavefronts Shared Ideal")] or 0)
        key = (kernel, kind)
        per = (wavefronts / executed, ideal / executed)
        if key not in out or per[0] / max(per[1], 1) > out[key][0] / max(out[key][1], 1):
            out[key] = per
    return out


def predicted_lines(source):
    cmd = [bankcheck, "--format=json", "--no-fix-suggestions", source, "--", "-I", "include", "-I",
           "tools/util/include", "-I", "examples/common"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=cutlass).stdout
    pred = {}
    for a in json.loads(out)["files"][0]["accesses"]:
        if a.get("status") != "computed":
            continue
        key = (normalize(a["kernel"]), a["kind"])
        per = (a["worst_wavefronts"], a["ideal_wavefronts"])
        if key not in pred or per[0] / max(per[1], 1) > pred[key][0] / max(pred[key][1], 1):
            pred[key] = per
    return pred


rows, mismatches, missing = [], 0, 0
predictions = {}
for path in sorted(glob.glob(os.path.join(raw_dir, "*.ncu-source.csv.gz"))):
    tag = os.path.basename(path).split(".")[0]          # sgemm_1-NT
    stem = tag.rsplit("-", 1)[0]
    source = "examples/cute/tutorial/%s.cu" % stem
    if stem not in predictions:
        predictions[stem] = predicted_lines(source)
    pred = predictions[stem]
    for (kernel, kind), (wf, ideal) in sorted(measured_lines(path, source).items(), key=lambda x: x[0][1]):
        # ncu spells default template arguments that clang omits (UniversalCopy<float, float>):
        # the profiled instance is the predicted one whose name is closest.
        names = sorted({k for k, _ in pred})
        closest = max(names, key=lambda n: difflib.SequenceMatcher(None, n, kernel).ratio()) if names else None
        p = pred.get((closest, kind))
        if p is None:
            status = "not predicted"
            missing += 1
        elif abs(p[0] - wf) < 1e-9 and abs(p[1] - ideal) < 1e-9:
            status = "match"
        else:
            status = "MISMATCH"
            mismatches += 1
        rows.append("| %s | %s | %g / %g | %s | %s |" % (tag, kind, wf, ideal,
                    "%g / %g" % p if p else "-", status))
print("| run | kind | measured worst instruction: wavefronts / ideal | predicted worst access | |")
print("|---|---|---|---|---|")
print("\n".join(rows))
print()
print("%d comparisons, %d match, %d mismatch, %d not predicted" % (len(rows), len(rows) - mismatches - missing, mismatches, missing))
sys.exit(1 if mismatches else 0)
