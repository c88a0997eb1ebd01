#!/usr/bin/env python3
"""The wmma kinds run (run_kinds_h200.sh) -> measurements/h200-wmma-kinds.csv and the layout table.

Reads RAW/counters.csv.gz (ncu per launch), RAW/order.txt.gz (which tile element each lane's x[e]
holds, or where it lands, at ldm = 32) and RAW/sass.txt.gz (cuobjdump, shared instructions only).
For every kind it infers each instruction's lane addresses:
  * LDSM (from the SASS): register j of the fragment is matrix j; its 8 rows are the 16-byte
    segments that register's elements cover across the warp;
  * otherwise the call is `instructions` (ncu) instructions of equal width; instruction n moves
    element chunk n of every lane: where a lane's chunk is contiguous, that is its address; where
    it is not (ptxas exchanges the elements of transposed 2-byte layouts between lanes), the
    32 words the chunk covers across the warp, in address order.
It checks the inference against every measured launch with `bankcheck lanes` (the rules of the
model), writes the CSV, and prints the rows of analyzer/model/WmmaLayouts.cpp.
Usage: fold_kinds.py RAW BANKCHECK OUT.csv
"""
import collections, csv, gzip, io, re, subprocess, sys

raw, bankcheck, out_csv = sys.argv[1:4]
num = lambda s: int(float(s.replace(",", "")))

lines = [l for l in gzip.open(f"{raw}/counters.csv.gz", "rt") if l.startswith('"')]
meas = {}
for x in csv.DictReader(io.StringIO("".join(lines))):
    if not x["ID"].isdigit():
        continue
    k, l = re.match(r"void (\w+)<(\d+)>", x["Kernel Name"]).groups()
    meas[(k, int(l))] = dict(
        ld_wf=num(x["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]),
        st_wf=num(x["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]),
        ld_inst=num(x["sm__sass_inst_executed_op_shared_ld.sum"]),
        st_inst=num(x["sm__sass_inst_executed_op_shared_st.sum"]))
sass = collections.defaultdict(list)
fn = None
for l in gzip.open(f"{raw}/sass.txt.gz", "rt"):
    m = re.search(r"Function : void (\w+)<\(int\)(\d+)>", l)
    if m:
        fn = (m.group(1), int(m.group(2)))
        continue
    m = re.search(r"\*/\s+(@!?P\d\s+)?(LDSM\S*|LDS\S*|STS\S*)\s", l)
    if m:
        sass[fn].append(m.group(2))
order = collections.defaultdict(dict)
for l in gzip.open(f"{raw}/order.txt.gz", "rt"):
    p = l.split()
    order[p[0]][(int(p[4]), int(p[6]))] = int(p[8])
kinds = list(order)
ORDER_LDM = 32

def dims(k):
    M, N, K = map(int, re.search(r"_m(\d+)n(\d+)k(\d+)_", k).groups())
    return (M, K) if "_a_" in k else (K, N) if "_b_" in k else (M, N)

def size(k):
    return {"bf16": 2, "half": 2, "u8": 1, "s8": 1, "tf32": 4, "f64": 8, "accf": 4, "acch": 2, "acci": 4, "accd": 8}[k.split("_")[0]]

def covers_tile(k, ldm):
    """ldm at least the tile's memory row (smaller ones overlap rows, and ptxas merges differently)."""
    r, c = dims(k)
    return ldm >= (r if k.endswith("_col") else c)

def ldms(k):
    return sorted(l for kk, l in meas if kk == k)

def is_store(k):
    return "_st_" in k

def instructions(k):
    """[(op, width, {lane: element index at ldm 32})]"""
    sz, o = size(k), order[k]
    ne = max(e for _, e in o) + 1
    ops = [] if is_store(k) else [x for x in sass[(k, max(ldms(k)))] if x.startswith("LDSM")]
    out = []
    if ops:
        per, reg = 4 // sz, 0
        for op in ops:
            n = {"": 1, ".2": 2, ".4": 4}[re.match(r"LDSM\.16\.MT?88(\.\d)?", op).group(1) or ""]
            lanes = {}
            for j in range(n):
                segs = sorted(set((o[(l, (reg + j) * per + t)] * sz) // 16 for l in range(32) for t in range(per)))
                assert len(segs) == 8, (k, segs)
                for i, s in enumerate(segs):
                    lanes[8 * j + i] = s * 16 // sz
            out.append(("ldsm.x%d%s" % (n, ".trans" if "MT" in op else ""), 16, lanes))
            reg += n
        for r2 in range(reg, ne * sz // 4):  # fragments declared larger than the load repeat it
            for l in range(32):
                for t in range(per):
                    assert o[(l, r2 * per + t)] == o[(l, (r2 % reg) * per + t)], (k, "repeat", r2)
        return out
    count = meas[(k, max(ldms(k)))]["st_inst" if is_store(k) else "ld_inst"]
    c = ne // count
    for n in range(count):
        own = [[o[(l, n * c + t)] for t in range(c)] for l in range(32)]
        if all(x == list(range(x[0], x[0] + c)) and x[0] % c == 0 for x in own):
            lanes = {l: own[l][0] for l in range(32)}
        else:
            words = collections.Counter(idx // c for x in own for idx in x)
            assert len(words) == 32 and set(words.values()) == {c}, (k, n)
            lanes = {l: w * c for l, w in enumerate(sorted(words))}
        out.append(("st" if is_store(k) else "ld", c * sz, lanes))
    return out

def bit_steps(origins):
    nb = (len(origins) - 1).bit_length()
    steps = [tuple(a - b for a, b in zip(origins[1 << b], origins[0])) for b in range(nb)]
    for g, o in enumerate(origins):
        assert o == tuple(sum(steps[b][i] for b in range(nb) if g >> b & 1) for i in (0, 1)), (g, o)
    return steps

def layout(k):
    sz, ins = size(k), instructions(k)
    op, w, _ = ins[0]
    coords = lambda lanes: {l: (i // ORDER_LDM, (i % ORDER_LDM) * sz) for l, i in lanes.items()}
    if op.startswith("ldsm"):
        m = int(op.split(".")[1][1:])
        origins = []
        for _, _, lanes in ins:
            pts = coords(lanes)
            for j in range(m):
                rows = sorted(pts[8 * j + i] for i in range(8))
                assert all(rows[i] == (rows[0][0] + i, rows[0][1]) for i in range(8))
                origins.append(rows[0])
        return dict(op=op, width=16, instructions=len(ins), matrices=m, lane=(0, 0, 0, 0), steps=bit_steps(origins))
    origins, lane_map = [], None
    for _, _, lanes in ins:
        pts = coords(lanes)
        o = (min(p[0] for p in pts.values()), min(p[1] for p in pts.values()))
        origins.append(o)
        rel = {l: (p[0] - o[0], p[1] - o[1]) for l, p in pts.items()}
        (A, C), (B, D) = rel[4], rel[1]  # lane l -> (A (l/4) + B (l%4), C (l/4) + D (l%4))
        assert all(rel[l] == (A * (l // 4) + B * (l % 4), C * (l // 4) + D * (l % 4)) for l in range(32)), (k,)
        assert lane_map in (None, (A, B, C, D))
        lane_map = (A, B, C, D)
    return dict(op=op, width=w, instructions=len(ins), matrices=0, lane=lane_map, steps=bit_steps(origins))

# Replay every launch whose ldm covers the tile through `bankcheck lanes`.
rows = []
for k in kinds:
    sz = size(k)
    for L in ldms(k):
        for n, (op, w, lanes) in enumerate(instructions(k)):
            addr = [-1] * 32
            for l, idx in lanes.items():
                r, c = divmod(idx, ORDER_LDM)
                addr[l] = (r * L + c) * sz
            rows.append([f"{k}<{L}>#{n}", op, w] + addr)
with open("/tmp/wmma-kinds-lanes.csv", "w") as f:
    f.write("pattern,op,width_bytes," + ",".join(f"lane{i}" for i in range(32)) + "\n")
    for r in rows:
        f.write(",".join(map(str, r)) + "\n")
res = subprocess.run([bankcheck, "lanes", "/tmp/wmma-kinds-lanes.csv"], capture_output=True, text=True, check=True).stdout
pred = collections.Counter()
for l in res.splitlines()[1:]:
    p = l.split(",")
    if len(p) > 35:
        pred[p[0].split("#")[0]] += int(p[-2])
good = bad = 0
with open(out_csv, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["kernel", "ldm", "ldm_covers_tile", "op", "width_bytes", "instructions", "wavefronts", "replayed"])
    for k in kinds:
        lay = layout(k)
        for L in ldms(k):
            m = meas[(k, L)]
            wf = m["st_wf"] if is_store(k) else m["ld_wf"]
            inst = lay["instructions"] if lay["op"].startswith("ldsm") else (m["st_inst"] if is_store(k) else m["ld_inst"])
            p = pred[f"{k}<{L}>"]
            if covers_tile(k, L):
                good += p == wf
                bad += p != wf
            w.writerow([k, L, int(covers_tile(k, L)), lay["op"], lay["width"], inst, wf, p])
print(f"{good} of {good + bad} launches whose ldm covers the tile replay exactly", file=sys.stderr)
NAME = {"bf16": "bf16", "half": "half", "u8": "u8", "s8": "s8", "tf32": "tf32", "f64": "double",
        "accf": "float", "acch": "half", "acci": "int", "accd": "double"}
for k in kinds:
    lay, p = layout(k), k.split("_")
    m, n, kk = map(int, re.match(r"m(\d+)n(\d+)k(\d+)", p[1]).groups())
    use = "matrix_" + p[2] if p[2] in ("a", "b") else "accumulator"
    op = ("WmmaOp::MatrixLoad" if lay["op"].startswith("ldsm") else "WmmaOp::Store" if lay["op"] == "st" else "WmmaOp::Load")
    steps = ", ".join("{%d, %d}" % s for s in lay["steps"])
    print('    {"%s", %d, %d, %d, "%s", %s, %s, %s, %d, %d, %d, %s, %d, %d, %d, %d, {%s}},  // %s' % (
        use, m, n, kk, NAME[p[0]], str(p[3] == "row").lower(), str(p[2] == "st").lower(), op, lay["width"],
        lay["instructions"], lay["matrices"], str("trans" in lay["op"]).lower(), *lay["lane"], steps, k))
sys.exit(1 if bad else 0)
