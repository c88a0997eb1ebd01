# cp.async.ca patterns where each group of lanes (the lanes that read one 128-byte global line)
# writes words that share banks, while different groups write different banks: the layout of a
# column copy into a transposed tile (SGEMM_CUDA's kernel 12: 8 lines per warp, 4 lanes per line
# 16 bytes apart, 4-byte copies into rows 512 bytes apart; the .ca rule of 2026-12-01 says 32
# wavefronts, the H200 measured 11 in the running kernel). Structured part: G lanes per line,
# read `sp` bytes apart, lane j of group g writing `j*R + g*D`. Random part: lanes on random
# lines at random offsets, destinations drawn from a small pool of words so that groups collide.
# Usage: gen_gap_patterns.py [random N SEED] > gaps.txt; run with cp_async_probe counters (run_gaps_h200.sh).
import random, sys
def emit(tag, w, dst, src):
    print('# ' + tag)
    print({4: 'ca4', 8: 'ca8', 16: 'ca16'}[w] + ' ' + ' '.join(map(str, dst)) + ' ' + ' '.join(map(str, src)))
def structured():
    for w, strides, shifts in ((4, (128, 512, 136), (4, 16, 64)), (8, (128, 512, 136), (8, 64)), (16, (128, 512), (16, 64))):
        for g in (2, 4, 8, 16):
            for sp in sorted({w, 16, 32}):
                if sp < w or g * sp > 128: continue
                for r in strides:
                    # d = r*g: the groups stack their rows, so every group writes the same banks
                    for d in shifts + (r * g,):
                        dst = [(i % g) * r + (i // g) * d for i in range(32)]
                        src = [(i // g) * 1024 + (i % g) * sp for i in range(32)]
                        if max(dst) + w > 16384 or len(set(dst)) < 32: continue
                        emit(f'w{w} g{g} sp{sp} r{r} d{d}', w, dst, src)
def randomized(n, seed):
    rnd = random.Random(seed)
    for k in range(n):
        w = rnd.choice((4, 4, 8, 16))
        lines = rnd.choice((1, 2, 4, 8, 16, 32))
        slots = 128 // w
        if lines * slots < 32: lines = 32 // slots
        line_of = [rnd.randrange(lines) for _ in range(32)]
        src, used = [], set()
        for i in range(32):
            while True:
                o = rnd.randrange(slots) * w
                if (line_of[i], o) not in used: break
                if all((line_of[i], s * w) in used for s in range(slots)): line_of[i] = rnd.randrange(lines)
            used.add((line_of[i], o)); src.append(line_of[i] * 1024 + o)
        # destinations: distinct w-aligned slots drawn from a pool spread over few banks
        banks = rnd.choice((1, 2, 4, 8, 16, 32))
        pool = [(row * 128 + b * 4) for row in range(64) for b in range(0, banks * 4 * (w // 4), 1 * w // 4 * 4)]
        pool = [p - p % w for p in pool]
        pool = sorted(set(p for p in pool if p + w <= 8192))
        dst = rnd.sample(pool, 32)
        emit(f'rand{k} w{w} lines{lines} banks{banks}', w, dst, src)
if len(sys.argv) > 1 and sys.argv[1] == 'random':
    randomized(int(sys.argv[2]), int(sys.argv[3]))
else:
    structured()
