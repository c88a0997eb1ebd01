# Patterns for cp_async_probe.cu. ground-truth-cpasync-patterns.txt holds the destinations of the 90
# cp.async rows of the shared ground truth; `counters` runs each with four global source layouts
# (s16: lane i reads 16 i, as the shared probe did; cont: contiguous; line: one 128-byte line per
# lane; perm: contiguous, lanes shuffled). `timing` writes strided destinations per width.
# Usage: gen_cp_async_patterns.py counters ground-truth-cpasync-patterns.txt > counters.txt
#        gen_cp_async_patterns.py timing > timing.txt
import random, sys
rng = random.Random(7)
def line(op, dst, src): return op + ' ' + ' '.join(map(str, dst)) + ' ' + ' '.join(map(str, src))
if sys.argv[1] == 'counters':
    for l in open(sys.argv[2]):
        p = l.split(); w = int(p[0].split('.')[1]); dst = [int(x) for x in p[1:]]
        perm = list(range(32)); rng.shuffle(perm)
        srcs = {'s16': [16 * i for i in range(32)], 'cont': [w * i for i in range(32)],
                'line': [128 * i for i in range(32)], 'perm': [w * perm[i] for i in range(32)]}
        ops = {4: ['ca4'], 8: ['ca8'], 16: ['cg16', 'ca16']}[w]
        for op in ops:
            for name, src in srcs.items():
                print('# ' + name); print(line(op, dst, src))
        if w == 16: print('# s16'); print(line('ca16l2', dst, srcs['s16']))
else:
    ops = {4: ['ca4', 'sts4'], 8: ['ca8', 'sts8'], 16: ['ca16', 'cg16', 'ca16l2', 'sts16']}
    for w in (4, 8, 16):
        for k in (1, 2, 4, 8, 16, 32, 64):
            if 31 * k * w + w > 8192: continue
            dst = [i * k * w for i in range(32)]
            for sname, src in (('cont', [w * i for i in range(32)]), ('line', [128 * i for i in range(32)])):
                for op in ops[w]:
                    if op.startswith('sts') and sname == 'line': continue
                    print(f'# w{w} k{k} {sname}'); print(line(op, dst, src))
        # 16-byte chunk XOR swizzle of 64-byte rows (the usual fix), and the same rows unswizzled
        if w == 16:
            for sw in (0, 1):
                dst = []
                for i in range(32):
                    r, c = i // 4, i % 4
                    dst.append(r * 64 + ((c ^ (r // 2 % 4)) if sw else c) * 16)
                for op in ops[w]:
                    print(f'# w16 rows64 swz{sw} cont'); print(line(op, dst, [16 * i for i in range(32)]))
