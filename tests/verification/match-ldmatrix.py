#!/usr/bin/env python3
"""The committed H200 measurement of tests/cases/ldmatrix.cu (docs/verification/ldmatrix-h200.md)
against bankcheck's prediction: every LDSM/STSM instruction's wavefronts per execution and ideal,
as a multiset, must equal bankcheck's ldmatrix/stmatrix accesses (worst wavefronts, ideal).
Usage: match-ldmatrix.py <bankcheck> <repo root>"""
import collections, csv, gzip, io, json, subprocess, sys

bankcheck, root = sys.argv[1], sys.argv[2]
raw = root + "/docs/verification/raw/ldmatrix/ldmatrix-case.ncu-source.csv.gz"
measured = collections.Counter()
header = None
seen = set()
for row in csv.reader(io.TextIOWrapper(gzip.open(raw), encoding="utf-8")):
    if not row or row[0] in ("File Path", "Function Name"):
        continue
    if row[0] == "Line No":
        header = row
        continue
    if header and row[0] == "" and len(row) > 3 and ("LDSM" in row[3] or "STSM" in row[3]):
        address = row[2]
        if address in seen:  # the same SASS instruction listed under its inlined and calling lines
            continue
        seen.add(address)
        executed = int(row[header.index("Instructions Executed")])
        wavefronts = int(row[header.index("L1 Wavefronts Shared")])
        ideal = int(row[header.index("L1 Wavefronts Shared Ideal")])
        if executed:
            kind = "ldmatrix" if "LDSM" in row[3] else "stmatrix"
            measured[(kind, wavefronts // executed, ideal // executed)] += 1
out = subprocess.run([bankcheck, "--format=json", "--no-fix-suggestions", root + "/tests/cases/ldmatrix.cu"],
                     capture_output=True, text=True).stdout
predicted = collections.Counter()
for access in json.loads(out)["files"][0]["accesses"]:
    if access["kind"] in ("ldmatrix", "stmatrix"):
        predicted[(access["kind"], access["worst_wavefronts"], access["ideal_wavefronts"])] += 1
print("measured: ", sorted(measured.items()))
print("predicted:", sorted(predicted.items()))
if not measured or measured != predicted:
    print("MISMATCH")
    sys.exit(1)
print("ok: %d ldmatrix/stmatrix instructions match" % sum(measured.values()))
