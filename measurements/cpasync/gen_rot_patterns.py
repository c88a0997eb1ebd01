#!/usr/bin/env python3
"""cp.async.cg (16 bytes, LDGSTS.E.BYPASS.128) patterns for cp_async_probe.cu's counter mode that
isolate the case the (global line, shared line, XOR) rule over-counts: 128-byte global rows
written to shared rows padded to 144 bytes (row R's chunk c at R*144 + c*16: rotated by
k = R mod 8 chunks and split over two shared lines), as hgemm_mma's fixed file copies them.
Families (names start with the family):
  rot-split      one row (8 lanes) rotated by k and split over two shared lines, k = 0..7,
                 on lanes 0-7, 8-15, 24-31, reversed lane order and a shuffled lane order
  rot-partA/B    only the lanes of the rotated row that land in its first / second shared line
  rot-inline     one row rotated by k inside ONE shared line (dst chunk (c + k) % 8)
  gemm4          4 consecutive rows R0..R0+3 in the padded layout (lanes 8j..8j+7: row R0+j)
  gemm2          2 consecutive rows R, R+1 in the padded layout (lanes 0-15)
  sep4           4 rows rotated like gemm4's but each in shared lines of its own
  pair           2 lanes, one global line, one shared line: (src chunk, dst chunk) pairs
  pairlanes      the same two (src, dst) chunk pairs on other lane numbers
  halfxor        8 lanes: chunks 0-3 XOR x, chunks 4-7 XOR y (one global, one shared line)
  perm8 / perm4  random permutations of a line's chunks into one shared line (8 / 4 lanes)
  split8         random: a row's 8 chunks to random chunks of two shared lines
  abl            the old random patterns 10, 23, 33, 124 restricted to one global line / group
  repeat         old patterns measured again (reproducibility)
`gen_rot_patterns.py round2` writes the second run's patterns instead (drawn with seed 20261204):
  r2pair         2 lanes, one line pair, random (src, dst) chunks for both lanes
  r2sub          random subsets (3 to 7 lanes) of a row copied straight, XOR-swizzled or rotated
  r2dup          3 or 4 lanes in one line pair, one source chunk read twice
  r2abl          random-29's group (16, 2) and its parts
  r2held         held-out: 32 lanes, 1 to 4 global lines into 2 to 8 shared lines (room for the lanes), no source chunk
                 read twice into one shared line; and the same with 8 to 24 active lanes
`gen_rot_patterns.py round3` writes the third run's: one source chunk read twice into one shared
line next to a lane it could share a wavefront with, in every lane order:
  r3dup6         (6>6), (2>2) and a second copy (6>t), t = 0, 1, 3, 4, 5, 7
  r3dup3         (3>7), (3>3), (1>1) (random-29's and r2dup's cases)
Output: one line per launch, `# name` before each: op d0..d31 s0..s31 (-1 destination: inactive).
"""
import csv
import os
import random

OUT = []
GBASE = 4096  # global byte offset of the first row read


def emit(name, lanes):
    """lanes: dict lane -> (dst byte offset, src byte offset)."""
    d = [-1] * 32
    s = [0] * 32
    for l, (dd, ss) in lanes.items():
        d[l], s[l] = dd, ss
    # inactive lanes: source of lane 0's row, never read (predicated off)
    OUT.append((name, d, s))


def row(k_lanes, dst_of_chunk, src_row=0):
    return {l: (dst_of_chunk(c), GBASE + src_row * 256 + c * 16) for l, c in k_lanes}


def round2():
    rng = random.Random(20261204)
    base = 1024
    for t in range(40):
        while True:
            (a, b), (c, e) = [(rng.randrange(8), rng.randrange(8)) for _ in range(2)]
            if a != c and b != e:
                break
        emit(f"r2pair {a}>{b} {c}>{e}", {0: (base + b * 16, GBASE + a * 16), 1: (base + e * 16, GBASE + c * 16)})
    maps = {"straight": lambda c: c, "xor5": lambda c: c ^ 5, "rot3": lambda c: (c + 3) % 8, "rot2": lambda c: (c + 2) % 8}
    for t in range(40):
        mname = rng.choice(sorted(maps))
        n = rng.randrange(3, 8)
        cs = sorted(rng.sample(range(8), n))
        emit(f"r2sub {mname} {''.join(map(str, cs))}", {c: (base + maps[mname](c) * 16, GBASE + c * 16) for c in cs})
    for t in range(40):
        n = rng.choice([3, 4])
        while True:
            srcs = [rng.randrange(8) for _ in range(n - 1)]
            srcs.append(srcs[0])
            dsts = rng.sample(range(8), n)
            if len(set(srcs)) == n - 1:
                break
        order = list(range(n))
        rng.shuffle(order)
        emit(f"r2dup {' '.join(f'{srcs[i]}>{dsts[i]}' for i in order)}",
             {l: (base + dsts[i] * 16, GBASE + srcs[i] * 16) for l, i in enumerate(order)})
    g = [(5, 4, 3), (10, 6, 6), (17, 2, 2), (21, 6, 4)]  # random-29's group (lane, src chunk, dst chunk)
    for keep in [(0, 1, 2, 3), (1, 2), (1, 3), (2, 3), (1, 2, 3), (0, 1, 2), (0, 2, 3)]:
        emit(f"r2abl random-29 {'.'.join(str(g[k][0]) for k in keep)}",
             {g[k][0]: (base + g[k][2] * 16, GBASE + g[k][1] * 16) for k in keep})
    for t in range(60):
        nl = rng.choice([1, 2, 4])
        active = 32 if t < 40 else rng.choice([8, 16, 24])
        nd = rng.choice([d for d in (2, 4, 8) if d * 8 >= active])
        lanes, used = {}, set()
        on = rng.sample(range(32), active)
        for l in on:
            while True:
                sl, c = rng.randrange(nl), rng.randrange(8)
                dl, e = rng.randrange(nd), rng.randrange(8)
                if (dl, e) not in used and all(x[:3] != (sl, c, dl) for x in lanes.values()):
                    break
            used.add((dl, e))
            lanes[l] = (sl, c, dl, e)
        emit(f"r2held lines={nl} dst-lines={nd} active={active} #{t}",
             {l: (dl * 128 + e * 16, GBASE + sl * 512 + c * 16) for l, (sl, c, dl, e) in lanes.items()})


def round3():
    import itertools
    base = 1024
    for t in [0, 1, 3, 4, 5, 7]:
        trip = [(6, 6), (2, 2), (6, t)]
        for order in itertools.permutations(range(3)):
            emit(f"r3dup6 {' '.join(f'{trip[i][0]}>{trip[i][1]}' for i in order)}",
                 {l: (base + trip[i][1] * 16, GBASE + trip[i][0] * 16) for l, i in enumerate(order)})
    trip = [(3, 7), (3, 3), (1, 1)]
    for order in itertools.permutations(range(3)):
        emit(f"r3dup3 {' '.join(f'{trip[i][0]}>{trip[i][1]}' for i in order)}",
             {l: (base + trip[i][1] * 16, GBASE + trip[i][0] * 16) for l, i in enumerate(order)})


def main():
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "round3":
        round3()
        write()
        return
    if len(sys.argv) > 1 and sys.argv[1] == "round2":
        round2()
        write()
        return
    rng = random.Random(20261203)
    base = 1024  # shared line 8
    # rot-split: one row, start at chunk k of a line, chunks past 7 spill into the next line
    orders = {"lanes0-7": [(c, c) for c in range(8)],
              "lanes8-15": [(8 + c, c) for c in range(8)],
              "lanes24-31": [(24 + c, c) for c in range(8)],
              "reversed": [(7 - c, c) for c in range(8)]}
    shuffled = list(range(8))
    rng.shuffle(shuffled)
    orders["shuffled"] = [(shuffled[c], c) for c in range(8)]
    for oname, ol in orders.items():
        for k in range(8):
            emit(f"rot-split k={k} {oname}", row(ol, lambda c: base + (k + c) * 16))
    for k in range(1, 8):
        ol = [(c, c) for c in range(8)]
        emit(f"rot-partA k={k}", row([x for x in ol if x[1] < 8 - k], lambda c: base + (k + c) * 16))
        emit(f"rot-partB k={k}", row([x for x in ol if x[1] >= 8 - k], lambda c: base + (k + c) * 16))
    for k in range(8):
        emit(f"rot-inline k={k}", row([(c, c) for c in range(8)], lambda c: base + ((c + k) % 8) * 16))
    # gemm4: rows R0..R0+3 at R*144
    for r0 in [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 1, 2, 3, 5, 6, 7]:
        lanes = {}
        for j in range(4):
            R = r0 + j
            lanes.update(row([(8 * j + c, c) for c in range(8)], lambda c, R=R: R * 144 + c * 16, src_row=R))
        emit(f"gemm4 R0={r0}", lanes)
    for r in range(8):
        lanes = {}
        for j in range(2):
            R = r + j
            lanes.update(row([(8 * j + c, c) for c in range(8)], lambda c, R=R: R * 144 + c * 16, src_row=R))
        emit(f"gemm2 R={r}", lanes)
    # sep4: same rotations, each row in lines of its own (512 bytes apart)
    for ks in [(0, 1, 2, 3), (4, 5, 6, 7), (1, 2, 3, 4), (5, 6, 7, 0)]:
        lanes = {}
        for j, k in enumerate(ks):
            lanes.update(row([(8 * j + c, c) for c in range(8)], lambda c, j=j, k=k: j * 512 + (k + c) * 16, src_row=j))
        emit(f"sep4 k={''.join(map(str, ks))}", lanes)
    # pair: lane 0 (a -> b), lane 1 (c -> e); one global line, one shared line
    for a, b in [(0, 0), (0, 1)]:
        for c in range(8):
            for e in range(8):
                if e == b:
                    continue  # same destination chunk: a write race
                emit(f"pair {a}>{b} {c}>{e}", {0: (base + b * 16, GBASE + a * 16), 1: (base + e * 16, GBASE + c * 16)})
    for la, lb in [(1, 0), (0, 8), (0, 16), (0, 31), (17, 31), (5, 25)]:
        for (a, b), (c, e) in [((1, 1), (2, 2)), ((0, 1), (2, 4)), ((0, 1), (5, 4)), ((0, 0), (1, 1))]:
            emit(f"pairlanes l{la},l{lb} {a}>{b} {c}>{e}", {la: (base + b * 16, GBASE + a * 16), lb: (base + e * 16, GBASE + c * 16)})
    # halfxor: chunks 0-3 XOR x, 4-7 XOR y (bit 2 of x and y equal so the destinations are distinct)
    for x in range(8):
        for y in range(8):
            if (x >> 2) != (y >> 2):
                continue
            emit(f"halfxor x={x} y={y}", row([(c, c) for c in range(8)], lambda c: base + ((c ^ x) if c < 4 else (c ^ y)) * 16))
    for t in range(40):
        p = list(range(8))
        rng.shuffle(p)
        emit(f"perm8 {''.join(map(str, p))}", row([(c, c) for c in range(8)], lambda c: base + p[c] * 16))
    for t in range(20):
        srcs = rng.sample(range(8), 4)
        dsts = rng.sample(range(8), 4)
        emit(f"perm4 {''.join(map(str, srcs))}>{''.join(map(str, dsts))}",
             {i: (base + dsts[i] * 16, GBASE + srcs[i] * 16) for i in range(4)})
    for t in range(20):
        slots = rng.sample(range(16), 8)
        emit(f"split8 {'.'.join(map(str, slots))}", row([(c, c) for c in range(8)], lambda c: base + slots[c] * 16))
    # ablations of old random patterns
    old = {}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "h200-cpasync-cg-source.csv")
    for r in csv.DictReader(open(path)):
        old[r["pattern"]] = ([int(r[f"lane{i}"]) for i in range(32)], [int(r[f"src{i}"]) for i in range(32)])
    for key in ["random-10/", "random-23/", "random-33/", "random-124/"]:
        name = next(n for n in old if key in n)
        d, s = old[name]
        act = [l for l in range(32) if d[l] >= 0]
        lines = sorted({s[l] // 128 for l in act})
        grps = sorted({(s[l] // 128, d[l] // 128) for l in act})
        if len(lines) > 1:
            for sl in lines:
                emit(f"abl {key[:-1]} src-line={sl}", {l: (d[l], s[l]) for l in act if s[l] // 128 == sl})
        for g in grps:
            ls = [l for l in act if (s[l] // 128, d[l] // 128) == g]
            if len(ls) > 1:
                emit(f"abl {key[:-1]} group={g[0]}/{g[1]}", {l: (d[l], s[l]) for l in ls})
    for key in ["contiguous/all/dst-contiguous", "random-23/", "random-35/", "random-10/"]:
        name = next(n for n in old if key in n)
        d, s = old[name]
        emit(f"repeat {name}", {l: (d[l], s[l]) for l in range(32) if d[l] >= 0})
    order = ["rot-split", "rot-partA", "rot-partB", "rot-inline", "gemm4", "gemm2", "sep4", "repeat", "pair",
             "pairlanes", "halfxor", "perm8", "perm4", "split8", "abl"]
    OUT.sort(key=lambda o: order.index(o[0].split()[0]))  # stable: the priority of a deadline
    write()


def write(patterns=None):
    """Prints `patterns` (default: this script's OUT) as the probe reads them, one `# name` line
    and one `cg16 <32 destinations> <32 sources>` line each (gen_dup_patterns.py uses it too)."""
    for name, d, s in OUT if patterns is None else patterns:
        assert all(-1 <= x < 16384 for x in d) and all(0 <= x < (1 << 20) for x in s)
        act = [x for x in d if x >= 0]
        assert len(set(act)) == len(act), name
        print(f"# {name}")
        print("cg16 " + " ".join(map(str, d)) + " " + " ".join(map(str, s)))


if __name__ == "__main__":
    main()
