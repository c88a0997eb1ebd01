# cp.async.ca patterns where lanes read a global line in groups (G lanes x W bytes contiguous from
# one 128-byte line, a different line per group) and write rows of a shared tile: the layout of
# a GEMM tile copy (hgemm_mma: G = 4, W = 16, 64-byte rows; padded to 80 bytes the H200 read 12
# wavefronts where the .ca rule of 2026-12-01 said 8). Varies the row stride S and the offset B
# of the first row, so the rule can be fitted to where the destinations fall.
# Usage: gen_group_patterns.py > groups.txt; then cp_async_probe counters groups.txt under ncu
# (run_groups_h200.sh).
def emit(tag, op, w, dst, src):
    print('# ' + tag)
    print(op + ' ' + ' '.join(map(str, dst)) + ' ' + ' '.join(map(str, src)))
ops = {4: 'ca4', 8: 'ca8', 16: 'ca16'}
for w in (16, 8, 4):
    for g in (2, 4, 8, 16, 32):
        if g * w > 128 or 32 % g: continue
        rows = 32 // g
        for s in sorted({g * w + 16 * k for k in range(0, 9)} | {g * w * 2, 272}):
            for b in ((0, 16, 32, 48) if s != g * w else (0, 16)):
                dst = [b + (i // g) * s + (i % g) * w for i in range(32)]
                src = [(i // g) * 1024 + (i % g) * w for i in range(32)]
                if max(dst) + w > 8192: continue
                emit(f'w{w} g{g} s{s} b{b}', ops[w], w, dst, src)
