#!/usr/bin/env python3
"""cp.async.cg (16 bytes, LDGSTS.E.BYPASS.128) patterns for cp_async_probe.cu's counter mode that
hold out the duplicate clause of the 'sector+dup' rule (fit_cg_rule.py; OpModel.cpp's
sectorGroupCost): "a lane whose 16-byte source chunk a later lane of the same (global line,
shared line) group reads again into the same destination half (same destination chunk parity)
costs a wavefront of its own". The clause was fitted on all 791 rows of
h200-cpasync-cg-source.csv and h200-cpasync-cg-rotations.csv; none of these patterns is in
either table (checked here, and the generator stops if one is).

One warp, one cp.async.cg of 16 bytes per active lane, drawn with seed 20261202. Families (names
start with the family; in a name, `c>e` is a lane reading chunk c of its global line into chunk e
of its shared line, listed in lane order):
  dsub     one line pair: 2 to 6 distinct chunks of a row copied straight, XOR-swizzled (x = 1..7)
           or rotated inside the line (r = 1..7), plus 1 to 3 extra lanes re-reading some of those
           chunks into free slots of the same shared line; at least one re-read lands in the
           same destination half as an earlier or later copy. Lanes on random lane numbers.
  dsame    like dsub, each re-read tagged by where it lands relative to the first copy: `S` other
           half of the same 32-byte destination sector, `H` same half of another sector, `O`
           other half of another sector (at least one H).
  dmult    one chunk read 3 or 4 times into the same destination half (plus 0 to 3 other lanes).
  dsect    a whole 32-byte source sector (c, c^1) read twice into two destination sectors (as two
           full-sector pairs), with 0 to 3 other lanes, in a random lane order.
  dorder   4 fixed (src > dst) pairs with one chunk read twice into one half, in 6 of the 24 lane
           orders each (the clause takes out the EARLIER copy, so order matters to it).
  dsplit   3 to 6 chunks of a row rotated by k over two shared lines (the 144-byte padded layout),
           plus 1 or 2 re-reads into free slots of either line.
  dwarp    16 to 32 active lanes, 2 to 4 dense groups (5 to 8 lanes each, sources drawn with
           replacement so chunks repeat, distinct destinations), each group its own shared line,
           groups sharing global lines; the kind of layout of held-out/random-42, the one row
           the rule misses.
  dctl     controls: chunks read twice only into the other destination half, or into another
           shared line (the clause does not apply; the sector rule alone predicts them).
Output: one line per launch, `# name` before each: op d0..d31 s0..s31 (-1 destination: inactive),
the format of gen_rot_patterns.py (run_rot_h200.sh, cp_async_probe.cu, fold_rot.py).
`gen_dup_patterns.py --predict` writes the predictions instead (tab-separated: pattern, the rule
with the clause, without it, the xor rule, lanes the clause takes out).
"""
import csv
import itertools
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fit_cg_rule  # noqa: E402
import gen_rot_patterns  # noqa: E402

OUT = []
PREFIX = ""  # "r2-" for round 2's names
GBASE = 4096  # global byte offset of global line 32 (the first line read)
SBASE = 1024  # shared line 8
rng = random.Random(20261202)


def emit(name, lanes):
    """lanes: dict lane -> (dst byte offset, src byte offset)."""
    d = [-1] * 32
    s = [0] * 32
    for l, (dd, ss) in lanes.items():
        d[l], s[l] = dd, ss
    OUT.append((PREFIX + name, d, s))


def place(pairs, sline=0, dline=0, lane_numbers=None):
    """pairs: [(c, e)] in lane order, one line pair -> dict lane -> (dst, src)."""
    ls = lane_numbers or sorted(rng.sample(range(32), len(pairs)))
    return {l: (SBASE + dline * 128 + e * 16, GBASE + sline * 128 + c * 16) for l, (c, e) in zip(ls, pairs)}


MAPS = [("straight", lambda c: c)] + [(f"xor{x}", lambda c, x=x: c ^ x) for x in range(1, 8)] + \
       [(f"rot{r}", lambda c, r=r: (c + r) % 8) for r in range(1, 8)]


def where(e0, e1):
    """Where destination chunk e1 lies relative to e0: S same sector other half, H same half of
    another sector, O other half of another sector."""
    if e0 >> 1 == e1 >> 1:
        return "S"
    return "H" if (e0 ^ e1) & 1 == 0 else "O"


def dsub(n_patterns, tagged, n_diff=0):
    fam = "dsame" if tagged else "dsub"
    made = 0
    while made < n_patterns:
        mname, m = rng.choice(MAPS)
        n = rng.randrange(2, 7)
        cs = rng.sample(range(8), n)
        pairs = [(c, m(c)) for c in cs]
        free = [e for e in range(8) if e not in {p[1] for p in pairs}]
        ndup = rng.randrange(1, min(3, len(free)) + 1)
        tags = []
        for e in rng.sample(free, ndup):
            c = rng.choice(cs)
            tags.append(where(m(c), e))
            pairs.append((c, e))
        if "H" not in tags:
            continue
        rng.shuffle(pairs)
        tag = "" if not tagged else " " + "".join(tags)
        if emit_checked(f"{fam} {mname}{tag} " + " ".join(f"{c}>{e}" for c, e in pairs), place(pairs), made < n_diff):
            made += 1


def dmult(n_patterns, n_diff=0):
    made = 0
    while made < n_patterns:
        k = rng.choice([3, 4])
        c = rng.randrange(8)
        half = rng.randrange(2)
        slots = rng.sample([e for e in range(8) if e & 1 == half], k)
        pairs = [(c, e) for e in slots]
        others = [e for e in range(8) if e not in slots]
        for e in rng.sample(others, rng.randrange(0, 4)):
            pairs.append((rng.choice([x for x in range(8) if x != c]), e))
        rng.shuffle(pairs)
        if emit_checked(f"dmult x{k} " + " ".join(f"{a}>{b}" for a, b in pairs), place(pairs), made < n_diff):
            made += 1


def dsect(n_patterns, n_diff=0):
    made = 0
    while made < n_patterns:
        s = rng.randrange(4)
        d1, d2 = rng.sample(range(4), 2)
        f1, f2 = rng.randrange(2), rng.randrange(2)  # whether each copy crosses the sector's halves
        pairs = [(2 * s, 2 * d1 + f1), (2 * s + 1, 2 * d1 + 1 - f1), (2 * s, 2 * d2 + f2), (2 * s + 1, 2 * d2 + 1 - f2)]
        others = [e for e in range(8) if e >> 1 not in (d1, d2)]
        for e in rng.sample(others, rng.randrange(0, 4)):
            pairs.append((rng.randrange(8), e))
        rng.shuffle(pairs)
        if emit_checked("dsect " + " ".join(f"{a}>{b}" for a, b in pairs), place(pairs), made < n_diff):
            made += 1


def dorder(n_sets, n_orders):
    made = 0
    while made < n_sets:
        c = rng.randrange(8)
        half = rng.randrange(2)
        e1, e2 = rng.sample([e for e in range(8) if e & 1 == half], 2)
        # a partner that could join one of the copies into a whole sector, and one more lane
        j = rng.choice([e1, e2])
        rest = [e for e in range(8) if e not in (e1, e2)]
        pairs = [(c, e1), (c, e2)]
        if j ^ 1 in rest:
            pairs.append((c ^ 1, j ^ 1))
            rest.remove(j ^ 1)
        e3 = rng.choice(rest)
        pairs.append((rng.choice([x for x in range(8) if x != c]), e3))
        if len(pairs) != 4:
            continue
        orders = rng.sample(list(itertools.permutations(range(4))), n_orders)
        got = 0
        for o in orders:
            pp = [pairs[i] for i in o]
            got += emit_checked(f"dorder set{made} " + " ".join(f"{a}>{b}" for a, b in pp), place(pp, lane_numbers=[0, 1, 2, 3]))
        if got:
            made += 1


def dsplit(n_patterns, n_diff=0):
    made = 0
    while made < n_patterns:
        k = rng.randrange(1, 8)
        cs = sorted(rng.sample(range(8), rng.randrange(3, 7)))
        slots = {c: k + c for c in cs}  # slot s: shared line s // 8, chunk s % 8 (144-byte rows)
        free = [s for s in range(16) if s not in slots.values()]
        tags = []
        for s in rng.sample(free, rng.choice([1, 2])):
            c = rng.choice(cs)
            tags.append((c, s))
        lanes = [(c, slots[c]) for c in cs] + tags
        rng.shuffle(lanes)
        ls = sorted(rng.sample(range(32), len(lanes)))
        d = {l: (SBASE + s * 16, GBASE + c * 16) for l, (c, s) in zip(ls, lanes)}
        # must have a re-read in the same half and the same shared line as another copy
        if not any(a[0] == b[0] and a[1] // 8 == b[1] // 8 and (a[1] ^ b[1]) & 1 == 0
                   for a, b in itertools.combinations(lanes, 2)):
            continue
        if emit_checked(f"dsplit k={k} " + " ".join(f"{c}>{s}" for c, s in lanes), d, made < n_diff):
            made += 1


def dwarp(n_patterns, n_diff=0):
    made = 0
    while made < n_patterns:
        ng = rng.choice([2, 3, 4])
        nsl = rng.choice([1, 2]) if ng > 1 else 1
        dlines = rng.sample(range(8), ng)
        sizes = [rng.randrange(5, 9) for _ in range(ng)]
        if sum(sizes) > 32:
            continue
        lanes = []
        for gi in range(ng):
            sl = rng.randrange(nsl)
            es = rng.sample(range(8), sizes[gi])
            pool = rng.sample(range(8), rng.randrange(3, 7))  # fewer chunks than lanes: repeats
            for e in es:
                lanes.append((sl, rng.choice(pool), dlines[gi], e))
        rng.shuffle(lanes)
        active = len(lanes)
        ls = sorted(rng.sample(range(32), active))
        d = {l: (dl * 128 + e * 16, GBASE + sl * 128 + c * 16) for l, (sl, c, dl, e) in zip(ls, lanes)}
        if emit_checked(f"dwarp groups={ng} lines={nsl} active={active} #{made}", d, made < n_diff):
            made += 1


def dctl(n_patterns):
    made = 0
    while made < n_patterns:
        mname, m = rng.choice(MAPS)
        cs = rng.sample(range(8), rng.randrange(2, 5))
        pairs = [(0, c, 0, m(c)) for c in cs]
        kind = "otherhalf" if made % 2 == 0 else "otherline"
        used = {m(c) for c in cs}
        for c in rng.sample(cs, rng.randrange(1, len(cs) + 1)):
            if kind == "otherhalf":
                opts = [e for e in range(8) if e not in used and (e ^ m(c)) & 1]
                if not opts:
                    continue
                e = rng.choice(opts)
                used.add(e)
                pairs.append((0, c, 0, e))
            else:
                pairs.append((0, c, 1, rng.randrange(8)))
        if len(pairs) == len(cs):
            continue
        if kind == "otherline" and len({(p[2], p[3]) for p in pairs}) < len(pairs):
            continue
        # the clause must not fire: no chunk twice into one half of one shared line
        if any(a[1] == b[1] and a[2] == b[2] and (a[3] ^ b[3]) & 1 == 0 for a, b in itertools.combinations(pairs, 2)):
            continue
        rng.shuffle(pairs)
        ls = sorted(rng.sample(range(32), len(pairs)))
        dd = {l: (SBASE + dl * 128 + e * 16, GBASE + c * 16) for l, (sl, c, dl, e) in zip(ls, pairs)}
        if emit_checked(f"dctl {kind} {mname} " + " ".join(f"{c}>{dl * 8 + e}" for sl, c, dl, e in pairs), dd):
            made += 1


def dtwice(n_patterns, n_diff=0):
    made = 0
    while made < n_patterns:
        cs = rng.sample(range(8), rng.randrange(2, 5))
        x1, x2 = rng.sample(range(8), 2)
        if (x1 ^ x2) & 1:
            continue  # both copies in the same destination halves
        d1, d2 = [c ^ x1 for c in cs], [c ^ x2 for c in cs]
        if set(d1) & set(d2):
            continue
        pairs = [(c, c ^ x1) for c in cs] + [(c, c ^ x2) for c in cs]
        order = rng.choice(["blocks", "interleaved", "random"])
        if order == "interleaved":
            pairs = [p for ab in zip(pairs[:len(cs)], pairs[len(cs):]) for p in ab]
        elif order == "random":
            rng.shuffle(pairs)
        if emit_checked(f"dtwice x{x1}+x{x2} {order} " + " ".join(f"{a}>{b}" for a, b in pairs), place(pairs),
                        made < n_diff):
            made += 1


def layered_group(pairs):
    """The candidate found after round 1 ('layers'): the copies of one chunk into one destination
    half, counted from the group's last lane back, go to layers 0, 1, 2, ...; each layer costs what
    the sector rule (without the duplicate clause) gives it; the group costs the sum."""
    seen, layers = {}, {}
    for c, e in reversed(pairs):
        k = seen.get((c, e & 1), 0)
        seen[(c, e & 1)] = k + 1
        layers.setdefault(k, []).insert(0, (c, e))
    return sum(fit_cg_rule.sector_group(v) for v in layers.values())


def predict_layers(d, s):
    return sum(layered_group(p) for p in fit_cg_rule.groups(d, s))


def clause_changes(d, s):
    return fit_cg_rule.predict("sector+dup", d, s) != fit_cg_rule.predict("sector", d, s)


def layers_change(d, s):
    return predict_layers(d, s) != fit_cg_rule.predict("sector+dup", d, s)


DIFF = clause_changes  # what need_diff asks of a pattern: round 1 the clause's effect, round 2 the layers'


def key(d, s):
    return tuple((d[l], s[l]) if d[l] >= 0 else None for l in range(32))


EXISTING = set()
for t in ("h200-cpasync-cg-rotations.csv", "h200-cpasync-cg-source.csv"):
    for n, d, s, w in fit_cg_rule.load(os.path.join(HERE, "..", t)):
        EXISTING.add(key(d, s))


def emit_checked(name, lanes, need_diff=False):
    """Emits the pattern unless it was measured before (or drawn here already); with need_diff,
    also unless DIFF holds (round 1: the rule with and without the duplicate clause predict
    different counts; round 2: the layered rule and the rule with the clause do)."""
    d = [-1] * 32
    s = [0] * 32
    for l, (dd, ss) in lanes.items():
        d[l], s[l] = dd, ss
    k = key(d, s)
    if k in EXISTING:
        return False  # measured before (or drawn twice here): draw again
    if need_diff and not DIFF(d, s):
        return False
    EXISTING.add(k)
    emit(name, lanes)
    return True


def clause_lanes(d, s):
    """How many lanes the duplicate clause takes out."""
    n = 0
    for p in fit_cg_rule.groups(d, s):
        n += len({i for i, (c, e) in enumerate(p) for (c2, e2) in p[i + 1:] if c2 == c and ((e ^ e2) & 1) == 0})
    return n


def generate():
    dsub(24, tagged=False, n_diff=16)
    dsub(12, tagged=True, n_diff=6)
    dmult(14, n_diff=8)
    dsect(14)
    dorder(3, 6)
    dsplit(12, n_diff=8)
    dwarp(26, n_diff=18)
    dctl(8)


def round2():
    """Held-out test of the layered rule, drawn after round 1 had run (seed 20261212); none of its
    patterns is in round 1 either."""
    global rng, PREFIX, DIFF
    generate()  # round 1, so that round 2 repeats none of it
    OUT.clear()
    rng = random.Random(20261212)
    PREFIX, DIFF = "r2-", layers_change
    dsub(26, tagged=False, n_diff=20)
    dmult(14, n_diff=10)
    dsect(14, n_diff=10)
    dtwice(16, n_diff=12)
    dsplit(10, n_diff=6)
    dwarp(24, n_diff=18)
    dctl(4)


def score(path):
    rows = fit_cg_rule.load(path)
    rules = [("sector+dup (bankcheck)", lambda d, s: fit_cg_rule.predict("sector+dup", d, s)),
             ("sector (no clause)", lambda d, s: fit_cg_rule.predict("sector", d, s)),
             ("layers", predict_layers), ("xor", lambda d, s: fit_cg_rule.predict("xor", d, s))]
    parts = [("round 1", [r for r in rows if not r[0].startswith("r2-")]),
             ("round 2", [r for r in rows if r[0].startswith("r2-")]), ("all", rows)]
    for part, sub in parts:
        if not sub:
            continue
        print(f"{part} ({len(sub)} rows):")
        for rname, f in rules:
            ok = sum(f(d, s) == w for n, d, s, w in sub)
            ch = [(n, d, s, w) for n, d, s, w in sub if clause_changes(d, s)]
            okc = sum(f(d, s) == w for n, d, s, w in ch)
            print(f"  {rname}: {ok}/{len(sub)} exact; on the {len(ch)} rows the clause changes: {okc}")
    print("misses of sector+dup (measured, sector+dup, sector, layers):")
    for n, d, s, w in rows:
        p = fit_cg_rule.predict("sector+dup", d, s)
        if p != w:
            print(f"  {n}\t{w}\t{p}\t{fit_cg_rule.predict('sector', d, s)}\t{predict_layers(d, s)}")


def main():
    if "--score" in sys.argv:
        score(sys.argv[sys.argv.index("--score") + 1])
        return
    if "round2" in sys.argv:
        round2()
    else:
        generate()
    if "--predict" in sys.argv and "round2" in sys.argv:
        print("pattern\tsector_dup\tsector\tlayers\txor\tclause_lanes")
        for name, d, s in OUT:
            print("\t".join([name.replace(" ", "/").replace(",", "+"), str(fit_cg_rule.predict("sector+dup", d, s)),
                             str(fit_cg_rule.predict("sector", d, s)), str(predict_layers(d, s)),
                             str(fit_cg_rule.predict("xor", d, s)), str(clause_lanes(d, s))]))
        return
    if "--predict" in sys.argv:
        print("pattern\tsector_dup\tsector\txor\tclause_lanes")
        for name, d, s in OUT:
            print("\t".join([name.replace(" ", "/").replace(",", "+"), str(fit_cg_rule.predict("sector+dup", d, s)),
                             str(fit_cg_rule.predict("sector", d, s)), str(fit_cg_rule.predict("xor", d, s)),
                             str(clause_lanes(d, s))]))
        return
    gen_rot_patterns.write(OUT)


if __name__ == "__main__":
    main()
