#!/usr/bin/env python3
"""Dumps the per-instruction (per-PC) metrics of every kernel result in an .ncu-rep, as CSV.

Uses Nsight Compute's own Python report interface (extras/python/ncu_report.py, shipped with
ncu), so it needs no GPU. One row per (result, PC, metric) for the metrics that matter here:
instructions executed (warp and thread level) and the shared-memory wavefront counters.
Usage: dump_ncu_report.py REPORT.ncu-rep > out.csv
"""
import csv
import glob
import os
import shutil
import sys

ncu = shutil.which("ncu")
cands = []
if ncu:
    cands.append(os.path.join(os.path.dirname(os.path.realpath(ncu)), "extras", "python"))
cands += glob.glob("/opt/nvidia/nsight-compute/*/extras/python")
cands += glob.glob("/usr/local/cuda*/nsight-compute*/extras/python")
for c in cands:
    if os.path.exists(os.path.join(c, "ncu_report.py")):
        sys.path.insert(0, c)
        break
import ncu_report  # noqa: E402

KEEP = ("inst_executed", "thread_inst_executed", "thread_inst_executed_true",
        "memory_l1_wavefronts_shared", "memory_l1_wavefronts_shared_ideal",
        "derived__memory_l1_wavefronts_shared_excessive", "memory_access_size_type",
        "memory_access_type", "memory_type")

report = ncu_report.load_report(sys.argv[1])
w = csv.writer(sys.stdout)
w.writerow(["result", "kernel", "pc", "file", "line", "sass", "metric", "value"])
result = -1
for r in range(report.num_ranges()):
    rng = report.range_by_idx(r)
    for a in range(rng.num_actions()):
        action = rng.action_by_idx(a)
        result += 1
        names = [n for n in action.metric_names()
                 if n in KEEP or n.startswith("memory_l1_wavefronts_shared")
                 or n.startswith("sass__inst_executed_shared")]
        for name in names:
            m = action.metric_by_name(name)
            try:
                if not m.num_instances() or not m.has_correlation_ids():
                    continue
                ids = m.correlation_ids()
            except Exception as e:  # noqa: BLE001
                print(f"# {name}: {e}", file=sys.stderr)
                continue
            for i in range(m.num_instances()):
                pc = ids.as_uint64(i)
                try:
                    value = m.as_double(i)
                except Exception:  # noqa: BLE001
                    value = m.as_string(i)
                src = action.source_info(pc)
                w.writerow([result, action.name(), hex(pc),
                            src.file_name() if src else "", src.line() if src else "",
                            action.sass_by_pc(pc), name, value])
