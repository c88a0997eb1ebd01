#!/usr/bin/env python3
"""Hand check of the reference kernels' bank conflicts and of the padding chosen for each.

Not bankcheck: a few lines per kernel that spell out, by hand, the lane addresses of every
shared-memory access (as the .cu files compute them), evaluated with the rule stated in
shared/ground-truth/README.md. For every padded array it prints the wavefronts per
warp-instruction of each access at padding 0 and at the chosen padding, and checks that the
chosen padding is the smallest that makes every access conflict-free (every group touches each
bank at most once) while keeping every vector access aligned.
LDGSTS (cp.async) lines are printed but left out of the search: on the H200 their "L1
Wavefronts Shared" do not follow this rule (docs/verification.md, "LDGSTS"): 32 per instruction
for 32 lanes copying from 32 different rows at either row stride, 4 for 512 contiguous bytes;
8 (64-byte rows) and 15 (80-byte rows) for 4 lanes per row; and the kernel-level
shared-memory wavefront counters do not include them.
Usage: python3 padding_check.py        (exit 1 if a claim in the table does not hold)
"""
import sys


def wavefronts(addrs, width, load):
    """addrs: 32 byte addresses (None = inactive lane). Returns (wavefronts, groups)."""
    words = []
    for a in addrs:
        if a is None:
            words.append(None)
        else:
            n = max(1, width // 4)
            words.append(tuple((a // 4) + i for i in range(n)) if width >= 4 else ((a // 4),))

    def pairs_up(lanes):
        for k in (1, 2):
            ok = True
            for n in lanes:
                m = n ^ k
                if m in lanes and addrs[n] is not None and addrs[m] is not None and addrs[n] != addrs[m]:
                    ok = False
                    break
            if ok:
                return True
        return False

    if width <= 4:
        groups = [list(range(32))]
    elif width == 8:
        groups = [list(range(32))] if (load and pairs_up(set(range(32)))) else [list(range(16)), list(range(16, 32))]
    else:
        groups = []
        for h in (0, 16):
            half = list(range(h, h + 16))
            if load and pairs_up(set(half)):
                groups.append(half)
            else:
                groups += [half[:8], half[8:]]
    total, ngroups = 0, 0
    for g in groups:
        banks = {}
        active = False
        for n in g:
            if words[n] is None:
                continue
            active = True
            for w in words[n]:
                banks.setdefault(w % 32, set()).add(w)
        if active:
            ngroups += 1
            total += max(len(s) for s in banks.values())
    return max(total, 1), max(ngroups, 1)


def worst(access, pad):
    """access: (name, width, load, gen) with gen(pad) yielding 32-address lists (one per warp /
    uniform-value combination). Returns worst (wavefronts, groups) by wavefronts - groups."""
    name, width, load, gen = access
    best = (0, 1)
    for addrs in gen(pad):
        wf, g = wavefronts(addrs, width, load)
        if wf - g > best[0] - best[1] or best == (0, 1):
            best = (wf, g)
    return best


def lanes(f):
    return [f(l) for l in range(32)]


K = {}  # kernel -> (array, elem bytes, row elems unpadded, chosen pad, align bytes, [accesses])

# ---- transposes (block 32 x BR: warp w has threadIdx.y = w, threadIdx.x = lane)
def transpose(elem, br):
    def st(P):
        for w in range(br):
            for j in range(0, 32, br):
                yield lanes(lambda l: ((w + j) * (32 + P) + l) * elem)

    def ld(P):
        for w in range(br):
            for j in range(0, 32, br):
                yield lanes(lambda l: (l * (32 + P) + w + j) * elem)
    return [("store tile[ty+j][tx]", elem, False, st), ("load tile[tx][ty+j]", elem, True, ld)]

K["transpose_f32<8>"] = ("tile", 4, 32, 1, 4, transpose(4, 8))
K["transpose_f32<32>"] = ("tile", 4, 32, 1, 4, transpose(4, 32))
K["transpose_f16"] = ("tile", 2, 32, 2, 2, transpose(2, 8))
K["transpose_i8"] = ("tile", 1, 32, 4, 1, transpose(1, 8))

# ---- matmulTiled (32 x 32): true negative, both arrays
def mm(which):
    def st(P):
        for w in range(32):
            yield lanes(lambda l: (w * (32 + P) + l) * 4)

    def rd_a(P):  # As[ty][k], nvcc reads 4 k at once (LDS.128 broadcast)
        for w in range(32):
            for k in range(0, 32, 4):
                yield lanes(lambda l: (w * (32 + P) + k) * 4)

    def rd_b(P):
        for k in range(32):
            yield lanes(lambda l: (k * (32 + P) + l) * 4)
    if which == "As":
        return [("store As[ty][tx]", 4, False, st), ("load As[ty][k..k+3]", 16, True, rd_a)]
    return [("store Bs[ty][tx]", 4, False, st), ("load Bs[k][tx]", 4, True, rd_b)]

K["matmulTiled As"] = ("As", 4, 32, 0, 16, mm("As"))
K["matmulTiled Bs"] = ("Bs", 4, 32, 0, 4, mm("Bs"))

# ---- sgemm_regtile: As[BK=8][BM=128 + P], 256 threads
def regtile():
    def st(P):
        for w in range(8):
            for i in range(4):
                def f(l):
                    t = 32 * w + l
                    return (((t % 2) * 4 + i) * (128 + P) + t // 2) * 4
                yield lanes(f)

    def rd(P):
        for w in range(8):
            for k in range(8):
                for off in (0, 64):
                    yield lanes(lambda l: (k * (128 + P) + ((32 * w + l) // 16) * 4 + off) * 4)
    return [("store As[a_col+i][a_row]", 4, False, st), ("load float4 As[k][ty*4(+64)]", 16, True, rd)]

K["sgemm_regtile As"] = ("As", 4, 128, 4, 16, regtile())

# ---- sgemm_cpasync: smem_A[2][128][16 + P]
def cpasync_A(elem, bk):
    ce = 16 // elem                # elements per 16-byte chunk

    def st(P):  # a warp copies one chunk column of 32 consecutive rows; second copy 2 chunks on
        for w in range(8):
            for c in range(2):
                def f(l):
                    t = 32 * w + l
                    return ((t % 128) * (bk + P) + (t // 128) * ce + 2 * ce * c) * elem
                yield lanes(f)

    def rd(P):
        for w in range(8):
            for kk in range(0, bk, ce):
                for i in list(range(4)) + list(range(16, 20)):
                    yield lanes(lambda l: (((w // 2) * 32 + (l // 8) * 4 + i) * (bk + P) + kk) * elem)
    return [("LDGSTS cp.async 16B -> smem_A", 16, False, st), ("load 16B smem_A[m0+i][kk]", 16, True, rd)]

K["sgemm_cpasync smem_A"] = ("smem_A", 4, 16, 4, 16, cpasync_A(4, 16))
K["hgemm_cpasync smem_A"] = ("smem_A", 2, 32, 8, 16, cpasync_A(2, 32))

def cpasync_B(elem, bk, bn, chunk_elems, copies, row_step, n_per_lane, n_offs):
    cpr = bn // chunk_elems  # chunks per row

    def st(P):
        for w in range(8):
            for c in range(copies):
                def f(l):
                    t = 32 * w + l
                    return ((t // cpr + c * row_step) * (bn + P) + (t % cpr) * chunk_elems) * elem
                yield lanes(f)

    def rd(P):
        for w in range(8):
            for k in range(bk):
                for off in n_offs:
                    yield lanes(lambda l: (k * (bn + P) + (w % 2) * 64 + (l % 8) * n_per_lane + off) * elem)
    return [("LDGSTS cp.async 16B -> smem_B", 16, False, st), ("load 16B smem_B[k][n0..]", 16, True, rd)]

K["sgemm_cpasync smem_B"] = ("smem_B", 4, 128, 0, 16, cpasync_B(4, 16, 128, 4, 2, 8, 4, (0, 32)))
K["hgemm_cpasync smem_B"] = ("smem_B", 2, 128, 0, 16, cpasync_B(2, 32, 128, 8, 2, 16, 8, (0,)))

# ---- stencil2d: block 16 x 16, tile[18][18 + P]
def stencil2d():
    def gen(dx, dy, pred=None, fixed=None):
        def g(P):
            for w in range(8):
                def f(l):
                    tx, ty = l % 16, 2 * w + l // 16
                    if pred and not pred(tx, ty):
                        return None
                    r, c = fixed(tx, ty) if fixed else (ty + 1 + dy, tx + 1 + dx)
                    return (r * (18 + P) + c) * 4
                yield lanes(f)
        return g
    return [("store tile[ty+1][tx+1]", 4, False, gen(0, 0)),
            ("store halo west", 4, False, gen(0, 0, lambda x, y: x == 0, lambda x, y: (y + 1, 0))),
            ("store halo east", 4, False, gen(0, 0, lambda x, y: x == 15, lambda x, y: (y + 1, 17))),
            ("store halo north", 4, False, gen(0, 0, lambda x, y: y == 0, lambda x, y: (0, x + 1))),
            ("store halo south", 4, False, gen(0, 0, lambda x, y: y == 15, lambda x, y: (17, x + 1))),
            ("load center", 4, True, gen(0, 0)), ("load north", 4, True, gen(0, -1)),
            ("load south", 4, True, gen(0, 1)), ("load west", 4, True, gen(-1, 0)),
            ("load east", 4, True, gen(1, 0))]

K["stencil2d_5pt tile"] = ("tile", 4, 18, 30, 4, stencil2d())

# ---- stencil3d: block 8 x 4 x 4, tile[6][6][10 + P]
def stencil3d():
    def gen(d, pred=None, fixed=None):
        def g(P):
            for w in range(4):
                def f(l):
                    tx, ty, tz = l % 8, l // 8, w
                    if pred and not pred(tx, ty, tz):
                        return None
                    z, y, x = fixed(tx, ty, tz) if fixed else (tz + 1 + d[2], ty + 1 + d[1], tx + 1 + d[0])
                    return ((z * 6 + y) * (10 + P) + x) * 4
                yield lanes(f)
        return g
    acc = [("store interior", 4, False, gen((0, 0, 0)))]
    acc += [("store face x-", 4, False, gen(0, lambda x, y, z: x == 0, lambda x, y, z: (z + 1, y + 1, 0))),
            ("store face x+", 4, False, gen(0, lambda x, y, z: x == 7, lambda x, y, z: (z + 1, y + 1, 9))),
            ("store face y-", 4, False, gen(0, lambda x, y, z: y == 0, lambda x, y, z: (z + 1, 0, x + 1))),
            ("store face y+", 4, False, gen(0, lambda x, y, z: y == 3, lambda x, y, z: (z + 1, 5, x + 1))),
            ("store face z-", 4, False, gen(0, lambda x, y, z: z == 0, lambda x, y, z: (0, y + 1, x + 1))),
            ("store face z+", 4, False, gen(0, lambda x, y, z: z == 3, lambda x, y, z: (5, y + 1, x + 1)))]
    for nm, d in [("center", (0, 0, 0)), ("x-", (-1, 0, 0)), ("x+", (1, 0, 0)), ("y-", (0, -1, 0)),
                  ("y+", (0, 1, 0)), ("z-", (0, 0, -1)), ("z+", (0, 0, 1))]:
        acc.append(("load " + nm, 4, True, gen(d)))
    return acc

K["stencil3d_7pt tile"] = ("tile", 4, 10, 14, 4, stencil3d())


def clean(accs, P):
    return all(wf == g for wf, g in (worst(a, P) for a in accs if not a[0].startswith("LDGSTS")))


ok = True
for kname, (arr, elem, row, pad, align, accs) in K.items():
    print(f"== {kname}: {arr} row {row} elems of {elem} B, chosen padding {pad}")
    for a in accs:
        b, f = worst(a, 0), worst(a, pad)
        note = "   (bank rule; not what ncu counts for LDGSTS)" if a[0].startswith("LDGSTS") else ""
        print(f"   {a[0]:34s} width {a[1]:2d}  pad 0: {b[0]:2d} wf / {b[1]} groups   pad {pad}: {f[0]:2d} wf / {f[1]} groups{note}")
    # smallest aligned padding that makes every access conflict-free
    smallest = None
    for P in range(0, 65):
        if ((row + P) * elem) % align:
            continue
        if clean(accs, P):
            smallest = P
            break
    verdict = "OK" if smallest == pad else f"MISMATCH (smallest clean aligned padding is {smallest})"
    if smallest != pad:
        ok = False
    print(f"   smallest aligned conflict-free padding: {smallest} -> {verdict}")
sys.exit(0 if ok else 1)
