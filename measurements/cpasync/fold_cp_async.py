# Folds the counters run of run_h200.sh into the lanes-CSV format `bankcheck lanes` reads.
# Usage: fold_cp_async.py counters.csv counters.txt > ../h200-cpasync-sources.csv
# wavefronts = l1tex__data_pipe_lsu_wavefronts_mem_shared.sum of the launch minus the 6 wavefronts
# of the probe's other shared instructions (what every cp.async.cg launch reads: Nsight Compute
# counts no LDGSTS.BYPASS write, so those rows are left out). The LDGSTS bank-conflict counter
# is kept for reference; it is not wavefronts minus a fixed ideal (32 lanes on 32 lines read 24).
import csv, gzip, io, sys
opener = gzip.open if sys.argv[1].endswith('.gz') else open
lines = [l for l in io.TextIOWrapper(opener(sys.argv[1], 'rb'), 'utf-8') if l.startswith('"')]
rows = list(csv.reader(lines)); hdr = rows[0]; data = [r for r in rows[1:] if r[0].isdigit()]
ix = {h: i for i, h in enumerate(hdr)}
pats, tag = [], None
for l in open(sys.argv[2]):
    l = l.strip()
    if l.startswith('#'): tag = l[2:]; continue
    if l: p = l.split(); pats.append((tag, p[0], p[1:33], p[33:]))
assert len(pats) == len(data), (len(pats), len(data))
def v(r, k): return int(float(r[ix[k]].replace(',', '') or 0))
BASELINE = 6
names = {'ca4': ('cpasync.ca.4', 4, ''), 'ca8': ('cpasync.ca.8', 8, ''), 'ca16': ('cpasync.ca.16', 16, ''),
         'ca16l2': ('cpasync.ca.16', 16, '-L2hint')}
w = csv.writer(sys.stdout, lineterminator='\n')
w.writerow(['pattern', 'op', 'width_bytes'] + [f'lane{i}' for i in range(32)] + [f'src{i}' for i in range(32)] +
           ['wavefronts', 'ldgsts_bank_conflicts_counter'])
for n, (r, (tag, op, dst, src)) in enumerate(zip(data, pats)):
    cg = v(r, 'l1tex__data_pipe_lsu_wavefronts_mem_shared.sum')
    if op == 'cg16':
        assert cg == BASELINE, (n, cg)
        continue
    name, width, hint = names[op]
    w.writerow([f'p{n}-{tag}{hint}', name, width] + dst + src +
               [cg - BASELINE, v(r, 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum')])
