#!/usr/bin/env python3
"""bankcheck's shared wavefronts per kernel against one Nsight Compute run of the same file.

For every launch in NCU_LINES (the JSON that ncu-source-lines.sh folds from Nsight Compute's
Source page, one block per kernel), sums bankcheck's `total_wavefronts` over the kernel's
accesses (one block) and compares it with the launch's measured total. Per kernel rather than per
line: wmma calls are counted by Nsight Compute on the lines of CUDA's mma.hpp they inline.
With --fix, the case is first copied without its CHECK-FIXES lines and fixed by bankcheck, and
the fixed copy is compared: the before/after proof of a fix (case-before-after-h200.sh).
--only K1,K2 restricts the comparison to those kernels (the others hold instructions bankcheck
reports as not walked, which Nsight Compute counts).
Usage: match-case-totals.py BANKCHECK CASE NCU_LINES [--fix] [--only K1,K2]. Exit 1 on any difference.
"""
import json, os, shutil, subprocess, sys, tempfile

bankcheck, case, measured_path = sys.argv[1:4]
fix = "--fix" in sys.argv[4:]
only = None
if "--only" in sys.argv[4:]:
    only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
work = tempfile.mkdtemp()
try:
    source = os.path.join(work, os.path.basename(case))
    with open(case) as f, open(source, "w") as g:
        g.writelines(line for line in f if "CHECK-FIXES" not in line)
    if fix:
        done = subprocess.run([bankcheck, "--fix", source], capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit(f"bankcheck --fix failed ({done.returncode}): {done.stderr}")
    out = subprocess.run([bankcheck, "--format=json", "--no-fix-suggestions", source], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"bankcheck failed ({out.returncode}): {out.stderr}")
    predicted = {}
    for a in json.loads(out.stdout)["files"][0]["accesses"]:
        if a["status"] != "computed":
            predicted[a["kernel"]] = None
        elif a["kernel"] in predicted and predicted[a["kernel"]] is None:
            continue
        else:
            predicted[a["kernel"]] = predicted.get(a["kernel"], 0) + a["total_wavefronts"]
finally:
    shutil.rmtree(work)
with open(measured_path) as f:
    launches = json.load(f)["launches"]
launches = [l for l in launches if only is None or l["function"] in only]
bad = 0
for launch in launches:
    kernel = launch["function"]
    wf = launch["totals"]["l1_wavefronts_shared"]
    p = predicted.get(kernel)
    ok = p is not None and round(p) == wf
    bad += not ok
    print(f"{kernel:20s} measured {wf:5d} predicted {round(p) if p is not None else '-':>5} {'' if ok else 'MISMATCH'}")
print(f"{len(launches) - bad} of {len(launches)} kernels match ({'fixed by bankcheck --fix' if fix else 'as written'})")
sys.exit(1 if bad else 0)
