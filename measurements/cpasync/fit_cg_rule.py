#!/usr/bin/env python3
"""Candidate rules for what Nsight Compute's source view counts for cp.async.cg (16 bytes,
LDGSTS.E.BYPASS.128), scored against the measured tables:
  measurements/h200-cpasync-cg-source.csv     (204 rows, 2026-12-02, run_cg_h200.sh)
  measurements/h200-cpasync-cg-rotations.csv  (587 rows, 2026-12-02, run_rot_h200.sh, three runs)
Nothing here changes bankcheck; analyzer/model/OpModel.cpp keeps the 'xor' rule.

Every rule groups the active lanes by (128-byte global line of the source, 128-byte shared line of
the destination) and sums over the groups. In a group, lane l has the 16-byte chunk positions
c = (src % 128) / 16 and e = (dst % 128) / 16 and their XOR x = c ^ e.

  xor     (bankcheck's rule) one wavefront per distinct x.
  sector  32-byte sectors: chunk c is half c & 1 of source sector c >> 1.
          1. Units: a lane and the first later lane of the group that reads the other half of its
             source sector (c ^ 1) into the other half of the same destination sector (e ^ 1) --
             the same x -- form a full-sector unit; other lanes stay single.
          2. Classes: full units; single lanes reading half 0; single lanes reading half 1.
          3. In a class, for each value v of x & 3: the members with x & 3 == v whose source chunk
             has bit 1 clear need one wavefront per distinct x among them, those with bit 1 set
             likewise; the class and v cost the larger of the two counts.
          group cost = sum over classes and v.
          In words: one wavefront moves whole 32-byte sectors, or one same 16-byte half of several
          sectors, with one XOR in bits 0-1; bit 2 of the XOR may differ between source sectors
          {0, 2} and {1, 3}. (Equal to the least number of such wavefronts that cover the units.)
  sector+dup  'sector', after taking out every lane whose chunk c a LATER lane of the group reads
          again into the same destination half (x & 1 equal); each lane taken out costs one
          wavefront of its own.

Usage: fit_cg_rule.py [--check] [old.csv] [new.csv]   (defaults: the two tables above)
--check also verifies, on every group of both tables, that 'sector' equals the least number of
wavefronts covering the group's units when a wavefront is any set of units (all full, or all
single of one half) whose chunks one map c -> c ^ (a0 | a1 << 1 | (a2 ^ a3 * bit1(c)) << 2) sends
to their destinations (exhaustive over subsets).
"""
import itertools
import csv
import os
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    rows = []
    for r in csv.DictReader(open(path)):
        d = [int(r[f"lane{i}"]) for i in range(32)]
        s = [int(r[f"src{i}"]) for i in range(32)]
        rows.append((r["pattern"], d, s, int(r["wavefronts"])))
    return rows


def groups(d, s):
    """(global line, shared line) -> [(c, e), ...] in lane order."""
    g = defaultdict(list)
    for l in range(32):
        if d[l] >= 0:
            g[(s[l] // 128, d[l] // 128)].append(((s[l] % 128) // 16, (d[l] % 128) // 16))
    return list(g.values())


def xor_group(pairs):
    return len({c ^ e for c, e in pairs})


def units(pairs):
    used = [False] * len(pairs)
    out = []
    for i, (c, e) in enumerate(pairs):
        if used[i]:
            continue
        used[i] = True
        u = [i]
        for j in range(i + 1, len(pairs)):
            if not used[j] and pairs[j] == (c ^ 1, e ^ 1):
                used[j] = True
                u.append(j)
                break
        out.append(u)
    return out


def sector_group(pairs):
    keys = defaultdict(set)
    for u in units(pairs):
        c, e = pairs[u[0]]
        x = c ^ e
        cls = "full" if len(u) == 2 else c & 1
        keys[(cls, x & 3, (c >> 1) & 1)].add(x)
    cost = defaultdict(int)
    for (cls, v, b1), xs in keys.items():
        cost[(cls, v)] = max(cost[(cls, v)], len(xs))
    return sum(cost.values())


def sector_dup_group(pairs):
    out = {i for i, (c, e) in enumerate(pairs)
           for (c2, e2) in pairs[i + 1:] if c2 == c and ((e ^ e2) & 1) == 0}
    rest = [p for i, p in enumerate(pairs) if i not in out]
    return len(out) + (sector_group(rest) if rest else 0)


RULES = {"xor": xor_group, "sector": sector_group, "sector+dup": sector_dup_group}


def least_cover(pairs):
    us = units(pairs)
    n = len(us)
    maps = list(itertools.product((0, 1), repeat=4))

    def valid(m):
        sel = [us[k] for k in range(n) if m >> k & 1]
        if len({"full" if len(u) == 2 else pairs[u[0]][0] & 1 for u in sel}) > 1:
            return False
        ws = [pairs[i] for u in sel for i in u]
        if len({c for c, e in ws}) < len(ws):
            return False
        return any(all(e == c ^ (a0 | a1 << 1 | (a2 ^ (a3 & (c >> 1))) << 2) for c, e in ws) for a0, a1, a2, a3 in maps)
    ok = [m and valid(m) for m in range(1 << n)]
    best = [0] + [99] * ((1 << n) - 1)
    for m in range(1, 1 << n):
        low, sub = m & -m, m
        while sub:
            if sub & low and ok[sub]:
                best[m] = min(best[m], best[m ^ sub] + 1)
            sub = (sub - 1) & m
    return best[(1 << n) - 1]


def predict(rule, d, s):
    return sum(RULES[rule](p) for p in groups(d, s))


def single_xor(d, s):
    return all(xor_group(p) == 1 for p in groups(d, s))


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    old_path = args[0] if args else os.path.join(HERE, "..", "h200-cpasync-cg-source.csv")
    new_path = args[1] if len(args) > 1 else os.path.join(HERE, "..", "h200-cpasync-cg-rotations.csv")
    old, new = load(old_path), load(new_path)
    if "--check" in sys.argv:
        gs = [p for n, d, s, w in old + new for p in groups(d, s)]
        bad = [p for p in gs if sector_group(p) != least_cover(p)]
        print(f"check: 'sector' == least cover on {len(gs) - len(bad)} of {len(gs)} groups")
    xor_ok = {n for n, d, s, w in old if predict("xor", d, s) == w}
    for rule in RULES:
        one = sum(predict(rule, d, s) == w for n, d, s, w in old if single_xor(d, s))
        mixed = sum(predict(rule, d, s) == w for n, d, s, w in old if not single_xor(d, s))
        lost = [n for n, d, s, w in old if n in xor_ok and predict(rule, d, s) != w]
        fam = defaultdict(lambda: [0, 0])
        for n, d, s, w in new:
            f = fam[n.split("/")[0]]
            f[0] += predict(rule, d, s) == w
            f[1] += 1
        nok = sum(v[0] for v in fam.values())
        print(f"{rule:11s} old: single-XOR {one}/84, mixed {mixed}/120, all {one + mixed}/204, "
              f"rows the xor rule matches and this one misses: {len(lost)}; new: {nok}/{len(new)}")
        print("            new per family: " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in fam.items()))
        if lost:
            print("            lost: " + ", ".join(lost))
        wrong = [(n, w, predict(rule, d, s)) for n, d, s, w in old + new if predict(rule, d, s) != w]
        if rule != "xor":
            print(f"            wrong ({len(wrong)}): " + "; ".join(f"{n} measured {w} rule {p}" for n, w, p in wrong[:30]))


if __name__ == "__main__":
    main()
