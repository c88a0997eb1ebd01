#!/usr/bin/env python3
"""Per-lane shared-memory address patterns that the shared ground truth does not pin down.

Writes two pattern files in the probe's text format (`kind op width lane0..lane31`, -1 = lane
inactive, offsets in bytes into a 16 KiB shared buffer):

  patterns-hw.txt     measured per launch with the hardware counters AND per instruction with
                      ncu's SourceCounters (wavefronts + ideal):
                        - 8/16-byte loads and stores with repeated addresses (broadcast, lane
                          groups sharing one address, pairs n/n^k for k = 1,2,3,4,8,16),
                        - partial broadcasts across lane groups (lane l -> l mod m),
                        - pairing that holds in one half-warp only, or with a different k per
                          half-warp, or per quad,
                        - masked lanes with wide types (even lanes only, one quarter only, ...),
                        - several lanes storing 1/2-byte values into one word, same-byte
                          stores, sub-word sharing combined with bank conflicts,
                        - a warp whose lanes are all inactive,
                        - active-lane-count sweeps for 8/16-byte accesses (for the ideal).
  patterns-ideal.txt  per instruction only (SourceCounters): active-lane-count sweeps for
                      1/2/4-byte accesses, broadcasts with k active lanes, 2-way conflicts.

Usage: gen_model_patterns.py SEED OUT_DIR
"""
import os
import random
import sys

SPACE = 16384
seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2026
out_dir = sys.argv[2] if len(sys.argv) > 2 else "."
rng = random.Random(seed)

hw, ideal = [], []


def rnd(width):
    return rng.randrange(0, SPACE // width) * width


def rnd_base(width, span):
    """A random base so that base + span stays in the buffer, aligned to 128 bytes."""
    return rng.randrange(0, (SPACE - span) // 128) * 128


def add(dst, kind, op, width, offs):
    assert len(offs) == 32
    for o in offs:
        assert o == -1 or (0 <= o < SPACE and o % width == 0), (kind, o)
    dst.append((kind, op, width, list(offs)))


def consecutive(width, idx, base=None, dense=True):
    """lane -> base + idx[lane] * width (idx -1 = inactive). dense: renumber the distinct idx
    values 0, 1, 2 ... in lane order, so that the distinct addresses are consecutive."""
    if dense:
        rank = {}
        for i in idx:
            if i >= 0 and i not in rank:
                rank[i] = len(rank)
        idx = [rank[i] if i >= 0 else -1 for i in idx]
    span = (max(i for i in idx if i >= 0) + 1) * width
    b = rnd_base(width, span) if base is None else base
    return [b + i * width if i >= 0 else -1 for i in idx]


def random_addrs(width, idx):
    pool = {}
    out = []
    for i in idx:
        if i < 0:
            out.append(-1)
            continue
        if i not in pool:
            pool[i] = rnd(width)
        out.append(pool[i])
    return out


L = list(range(32))

# ---- 8- and 16-byte accesses ----------------------------------------------------------------
for op in ("ld", "st"):
    for w in (8, 16):
        add(hw, "bcast-all", op, w, [rnd(w)] * 32)
        for g in (2, 4, 8, 16):
            add(hw, f"groups-{g}", op, w, consecutive(w, [l // g for l in L]))
        for k in (1, 2, 3, 4, 8, 16):
            add(hw, f"pairs-k{k}", op, w, consecutive(w, [min(l, l ^ k) for l in L]))
        for k in (1, 2, 4):
            add(hw, f"pairs-k{k}-random", op, w, random_addrs(w, [min(l, l ^ k) for l in L]))
        for m in (4, 8, 16):
            add(hw, f"mod-{m}", op, w, consecutive(w, [l % m for l in L]))
        add(hw, "mod-16-stride2", op, w, consecutive(w, [2 * (l % 16) for l in L], dense=False))
        add(hw, "quarter-bcast", op, w, random_addrs(w, [l // 8 for l in L]))
        # pairing in one half-warp only / a different k per half / per quad
        add(hw, "half0-k1-half1-distinct", op, w,
            consecutive(w, [min(l, l ^ 1) if l < 16 else l for l in L]))
        add(hw, "half0-distinct-half1-k1", op, w,
            consecutive(w, [min(l, l ^ 1) if l >= 16 else l for l in L]))
        add(hw, "half0-k1-half1-k2", op, w,
            consecutive(w, [min(l, l ^ 1) if l < 16 else min(l, l ^ 2) for l in L]))
        add(hw, "half0-k2-half1-k1-random", op, w,
            random_addrs(w, [min(l, l ^ 2) if l < 16 else min(l, l ^ 1) for l in L]))
        add(hw, "quads-k1-k2-mixed", op, w,
            consecutive(w, [min(l, l ^ 1) if (l // 4) % 2 == 0 else min(l, l ^ 2) for l in L]))
        add(hw, "quads-k1-k2-mixed-random", op, w,
            random_addrs(w, [min(l, l ^ 1) if (l // 4) % 2 == 0 else min(l, l ^ 2) for l in L]))
        idx = [min(l, l ^ 1) for l in L]
        idx[13] = 40  # lane 13 leaves its pair (lane 12)
        add(hw, "pairs-k1-one-broken", op, w, consecutive(w, idx))
        # paired lanes whose 8 (16-byte) / 16 (8-byte) distinct addresses conflict
        for stride in (128, 64):
            b = rnd_base(w, 16 * stride)
            add(hw, f"pairs-k1-stride{stride}", op, w, [b + (l // 2) * stride for l in L])
        # masked lanes with wide types
        add(hw, "even-lanes", op, w, consecutive(w, [l // 2 if l % 2 == 0 else -1 for l in L]))
        add(hw, "odd-lanes", op, w, consecutive(w, [l // 2 if l % 2 == 1 else -1 for l in L]))
        add(hw, "even-lanes-random", op, w, random_addrs(w, [l if l % 2 == 0 else -1 for l in L]))
        add(hw, "every4th-lane", op, w, consecutive(w, [l // 4 if l % 4 == 0 else -1 for l in L]))
        add(hw, "lane5-only", op, w, consecutive(w, [0 if l == 5 else -1 for l in L]))
        add(hw, "lanes0-8", op, w, consecutive(w, [l if l in (0, 8) else -1 for l in L]))
        add(hw, "lanes0-16", op, w, consecutive(w, [l if l in (0, 16) else -1 for l in L]))
        add(hw, "quarter0-only", op, w, consecutive(w, [l if l < 8 else -1 for l in L]))
        add(hw, "half1-only", op, w, consecutive(w, [l - 16 if l >= 16 else -1 for l in L]))
        add(hw, "quarters0-3", op, w, consecutive(w, [l if l < 8 or l >= 24 else -1 for l in L]))
        add(hw, "pairs-k1-masked-partner", op, w,
            consecutive(w, [min(l, l ^ 1) if l not in (3, 17, 22) else -1 for l in L]))
        add(hw, "pairs-k2-masked-partner", op, w,
            random_addrs(w, [min(l, l ^ 2) if l not in (0, 9, 30) else -1 for l in L]))
        a = rnd(w)
        add(hw, "bcast-masked", op, w, [a if l % 3 else -1 for l in L])
        add(hw, "pool-2", op, w, random_addrs(w, [rng.randrange(2) for _ in L]))
        add(hw, "pool-3", op, w, random_addrs(w, [rng.randrange(3) for _ in L]))
        add(hw, "all-inactive", op, w, [-1] * 32)
        # active-lane-count sweep (conflict-free consecutive), for the ideal
        for k in (1, 2, 3, 4, 5, 7, 9, 12, 15, 17, 24, 31, 32):
            add(hw, f"prefix-{k}", op, w, consecutive(w, [l if l < k else -1 for l in L]))

# ---- 1-, 2- and 4-byte accesses ---------------------------------------------------------------
for op in ("ld", "st"):
    for w in (1, 2, 4):
        per = 4 // w  # lanes per 32-bit word
        b = rnd_base(w, 4096)
        add(hw, "bcast-all", op, w, [rnd(w)] * 32)
        # per lanes share a word (different bytes); the words all fall in bank 0
        add(hw, "subword-same-bank", op, w, [b + (l // per) * 128 + (l % per) * w for l in L])
        # pairs of lanes on the same address, pair j on word j*32 (bank 0)
        add(hw, "pairs-same-addr-same-bank", op, w, [b + (l // 2) * 128 for l in L])
        # half the warp in word W0, half in W0+32 (same bank, other word), bytes spread
        add(hw, "two-words-one-bank", op, w,
            [b + (l // 16) * 128 + ((l % per) * w) for l in L])
        # several lanes on one word, bytes random (incl. same byte twice), 4 words over 2 banks
        words = [b, b + 128, b + 4, b + 260]
        add(hw, "pool-words-random-bytes", op, w,
            [rng.choice(words) + rng.randrange(per) * w for _ in L])
        add(hw, "pool-words-random-bytes", op, w,
            [rng.choice(words) + rng.randrange(per) * w for _ in L])
        # consecutive elements, a 1/2-byte element straddling nothing, shifted start
        add(hw, "consecutive-shifted", op, w, [b + 2 * w + l * w for l in L] if w < 4 else
            [b + 4 + l * 4 for l in L])
        add(hw, "all-inactive", op, w, [-1] * 32)
        add(hw, "lane5-only", op, w, [b if l == 5 else -1 for l in L])
        add(hw, "even-lanes", op, w, [b + l * w if l % 2 == 0 else -1 for l in L])
        # ideal probes
        for k in (1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32):
            add(ideal, f"prefix-{k}", op, w, consecutive(w, [l if l < k else -1 for l in L]))
        for k in (1, 8, 17):
            a = rnd(w)
            add(ideal, f"bcast-prefix-{k}", op, w, [a if l < k else -1 for l in L])
        add(ideal, "stride2-words", op, w, consecutive(w, [2 * l * per for l in L], dense=False))
        add(ideal, "stride-32-words", op, w, [(l * 128) % SPACE for l in L])
        add(ideal, "stride-33-words", op, w, [(l * 132) % SPACE for l in L])
        add(ideal, "every4th-lane", op, w, consecutive(w, [l // 4 * per if l % 4 == 0 else -1 for l in L], dense=False))

# ideal probes for wide types that the hw set does not have
for op in ("ld", "st"):
    for w in (8, 16):
        for k in (8, 16):
            add(ideal, f"prefix-{k}", op, w, consecutive(w, [l if l < k else -1 for l in L]))
        for k in (1, 8, 17):
            a = rnd(w)
            add(ideal, f"bcast-prefix-{k}", op, w, [a if l < k else -1 for l in L])
        add(ideal, "stride-2", op, w, consecutive(w, [2 * l for l in L], dense=False))
        add(ideal, "stride-128B", op, w, [(l * 128) % SPACE for l in L])

# ---- round 2 (after the first run): what the first run left open ----------------------------
# ncu's SourceCounters model of 16-byte loads with partially inactive lane pairs (odd-lanes and
# pairs-k1-masked-partner disagreed with every simple rule), the ideal when one half-warp's pairs
# conflict and the other's do not, and the hardware's whole-warp pairing for 16-byte loads.
# A separate generator, so that the round-1 files above stay byte-identical.
rng2 = random.Random(seed + 1)
r2 = []


def cons2(width, idx, align=128, shift=0):
    rank = {}
    for i in idx:
        if i >= 0 and i not in rank:
            rank[i] = len(rank)
    span = (len(rank) + 1) * width + shift
    b = rng2.randrange(0, (SPACE - span) // align) * align + shift
    return [b + rank[i] * width if i >= 0 else -1 for i in idx]


def mask(offs, off):
    return [-1 if l in off else o for l, o in enumerate(offs)]


P1 = [min(l, l ^ 1) for l in L]
P2 = [min(l, l ^ 2) for l in L]
for w in (16, 8):
    singles = (0, 1, 2, 3, 6, 7, 14, 15, 16, 17, 22, 23, 30, 31) if w == 16 else (0, 1, 22, 23)
    for lane in singles:
        add(r2, f"pairs-k1-off{lane}", "ld", w, mask(cons2(w, P1), {lane}))
    for off in ((3, 22), (17, 22), (0, 16), (1, 17), (3, 17, 22), (2, 18), (0, 2, 4, 6)):
        add(r2, "pairs-k1-off" + "-".join(map(str, off)), "ld", w, mask(cons2(w, P1), set(off)))
    odd0 = {l for l in L if l < 16 and l % 2 == 0}
    odd1 = {l for l in L if l >= 16 and l % 2 == 0}
    even0 = {l for l in L if l < 16 and l % 2 == 1}
    even1 = {l for l in L if l >= 16 and l % 2 == 1}
    add(r2, "odd-lanes-half0", "ld", w, mask(cons2(w, P1), odd0))
    add(r2, "odd-lanes-half1", "ld", w, mask(cons2(w, P1), odd1))
    add(r2, "even-lanes-half0", "ld", w, mask(cons2(w, P1), even0))
    add(r2, "even-lanes-half1", "ld", w, mask(cons2(w, P1), even1))
    add(r2, "odd-lanes", "ld", w, mask(cons2(w, P1), odd0 | odd1))
    add(r2, "odd-lanes-shift16", "ld", w, mask(cons2(w, P1, shift=16), odd0 | odd1))
    add(r2, "odd-lanes-shift64", "ld", w, mask(cons2(w, P1, shift=64), odd0 | odd1))
    add(r2, "odd-lanes-random", "ld", w, mask(random_addrs(w, P1), odd0 | odd1))
    add(r2, "k2-upper-lanes", "ld", w, mask(cons2(w, P2), {l for l in L if l & 2 == 0}))
    add(r2, "k2-lower-lanes", "ld", w, mask(cons2(w, P2), {l for l in L if l & 2}))
    for q in range(4):
        add(r2, f"lower-off-quarter{q}", "ld", w,
            mask(cons2(w, P1), {l for l in range(8 * q, 8 * q + 8) if l % 2 == 0}))

# one half-warp's pairs conflict, the other's do not (16-byte loads; k = 1 over the warp)
def pair_conflict(half_conflict):
    idx = cons2(16, P1)
    for h in half_conflict:  # move pair (h+2, h+3) onto the bank of pair (h, h+1), other word
        idx[h + 2] = idx[h + 3] = idx[h] + 128 if idx[h] + 128 < SPACE else idx[h] - 128
    return idx
add(r2, "pairs-k1-conflict-half0", "ld", 16, pair_conflict([0]))
add(r2, "pairs-k1-conflict-half1", "ld", 16, pair_conflict([16]))
add(r2, "pairs-k1-conflict-both", "ld", 16, pair_conflict([0, 16]))
idx = pair_conflict([0])
add(r2, "half0-conflict-half1-distinct", "ld", 16, idx[:16] + cons2(16, L)[16:])
idx = cons2(16, P2)
idx[16 + 1] = idx[16 + 3] = idx[16] + 128 if idx[16] + 128 < SPACE else idx[16] - 128
add(r2, "pairs-k2-conflict-half1", "ld", 16, idx)
# random masks over conflict-free paired lanes (k = 1, then k = 2), where the merge decides
for w, n in ((16, 12), (8, 4)):
    for i in range(n):
        base = cons2(w, P1 if i % 2 == 0 else P2)
        keep = [rng2.random() < 0.7 for _ in L]
        add(r2, f"pairs-k{1 + i % 2}-random-mask", "ld", w, [o if k else -1 for o, k in zip(base, keep)])
# repeats of round-1 rows that no rule explained (determinism of ncu's value)
for name in ("odd-lanes", "pairs-k1-masked-partner"):
    add(r2, name + "-repeat", "ld", 16, next(p for p in hw if p[0] == name and p[1:3] == ("ld", 16))[3])

os.makedirs(out_dir, exist_ok=True)
for name, rows in (("patterns-hw.txt", hw), ("patterns-ideal.txt", ideal), ("patterns-round2.txt", r2)):
    with open(os.path.join(out_dir, name), "w") as f:
        for kind, op, width, offs in rows:
            f.write(f"{kind} {op} {width} " + " ".join(map(str, offs)) + "\n")
    print(name, len(rows), "patterns")
