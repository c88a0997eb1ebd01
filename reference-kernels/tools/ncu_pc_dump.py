#!/usr/bin/env python3
"""Per-SASS-instruction dump of an .ncu-rep through Nsight Compute's own Python module
(extras/python/ncu_report.py, shipped with ncu): one CSV row per (launch, PC) with the source
file and line of the PC, the SASS text, Instructions Executed, L1 Wavefronts Shared and
L1 Wavefronts Shared Ideal. Only needs ncu's install, no GPU. Used by verify-on-gpu as an
independent cross-check of fold_ncu_source.py, which reads ncu's --page source CSV.
Usage: ncu_pc_dump.py REPORT.ncu-rep > pcs.csv
"""
import csv
import glob
import os
import shutil
import sys

cands = []
ncu = shutil.which("ncu")
if ncu:
    cands.append(os.path.join(os.path.dirname(os.path.realpath(ncu)), "extras", "python"))
cands += sorted(glob.glob("/opt/nvidia/nsight-compute/*/extras/python"), reverse=True)
cands += sorted(glob.glob("/usr/local/cuda*/nsight-compute*/extras/python"), reverse=True)
for c in cands:
    if os.path.exists(os.path.join(c, "ncu_report.py")):
        sys.path.insert(0, c)
        break
import ncu_report  # noqa: E402

WANT = ["inst_executed", "memory_l1_wavefronts_shared", "memory_l1_wavefronts_shared_ideal"]

rep = ncu_report.load_report(sys.argv[1])
out = csv.writer(sys.stdout)
out.writerow(["launch", "kernel", "pc", "file", "line", "sass"] + WANT)
launch = -1
for r in range(rep.num_ranges()):
    rng = rep.range_by_idx(r)
    for a in range(rng.num_actions()):
        act = rng.action_by_idx(a)
        launch += 1
        try:
            kname = act.name(ncu_report.IAction.NameBase_DEMANGLED)
        except Exception:  # noqa: BLE001
            kname = act.name()
        per_pc = {}
        for name in WANT:
            m = act.metric_by_name(name)
            if m is None:
                print(f"# launch {launch}: no metric {name}", file=sys.stderr)
                continue
            try:
                if not m.num_instances() or not m.has_correlation_ids():
                    continue
                ids = m.correlation_ids()
            except Exception as e:  # noqa: BLE001
                print(f"# launch {launch}: {name}: {e}", file=sys.stderr)
                continue
            for i in range(m.num_instances()):
                pc = ids.as_uint64(i)
                per_pc.setdefault(pc, {})[name] = m.as_uint64(i)
        for pc in sorted(per_pc):
            f, line = "", ""
            try:
                si = act.source_info(pc)
                if si is not None:
                    f, line = si.file_name(), si.line()
            except Exception:  # noqa: BLE001
                pass
            try:
                sass = act.sass_by_pc(pc)
            except Exception:  # noqa: BLE001
                sass = ""
            out.writerow([launch, kname, hex(pc), f, line, sass] + [per_pc[pc].get(n, "") for n in WANT])
