#!/usr/bin/env python3
"""PTX against SASS widths: for every nvdisasm listing in DIR (named <dir>__<file>.nvdisasm.txt,
<dir> the source folder with '/' as '_', as tests/data/sass/README.md makes them), runs
`bankcheck --ptx --format=json` on the source file and compares each computed access's PTX width
with the widths of the SASS instructions of its kind on its line.

    benchmarks/ptx-vs-sass.py BANKCHECK DIR
"""
import json,subprocess,sys,re,os,collections,glob
root=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
bankcheck=sys.argv[1]; listings=sys.argv[2]
def sass_widths(path):
    out=collections.defaultdict(collections.Counter)  # (file,line,kind) -> widths
    fn=None; f=None; ln=0
    for raw in open(path):
        l=raw.strip()
        if l.startswith('//---') and '.text.' in l: fn=l; continue
        m=re.match(r'//## File "([^"]+)", line (\d+)',l)
        if m: f=os.path.basename(m.group(1)); ln=int(m.group(2)); continue
        if not l.startswith('/*'): continue
        ins=l.split('*/',1)[1].strip()
        if ins.startswith('@'):
            g,ins=ins.split(' ',1)
            if g=='@!PT': continue
            ins=ins.strip()
        op=ins.split(' ')[0]; base=op.split('.')[0]
        kind={'LDS':'load','STS':'store','LDGSTS':'cp.async'}.get(base)
        if not kind: continue
        parts=op.split('.')[1:]; w=4
        for p in parts:
            if p in('U8','S8'): w=1
            elif p in('U16','S16'): w=2
            elif p=='64': w=8
            elif p=='128': w=16
        out[(f,ln,kind)][w]+=1
    return out
rows=[]
for lst in sorted(glob.glob(os.path.join(listings,'*.nvdisasm.txt'))):
    name=os.path.basename(lst).replace('.nvdisasm.txt','')
    d,b=name.split('__')
    src=os.path.join(root,d.replace('_','/',1).replace('reference-kernels/kernels','reference-kernels/kernels').replace('tests/cases','tests/cases'),b+'.cu')
    src=src.replace('reference/kernels','reference-kernels/kernels')
    if not os.path.exists(src):
        src=os.path.join(root,'reference-kernels/kernels',b+'.cu') if d.startswith('reference') else os.path.join(root,'tests', d.split('_',1)[1], b+'.cu')
    if not os.path.exists(src): print('nosrc',src); continue
    r=subprocess.run([bankcheck,'--ptx','--format=json','--no-fix-suggestions',src,'--','-I',root+'/reference-kernels/kernels'],capture_output=True,text=True)
    try: j=json.loads(r.stdout)
    except: print('nojson',src); continue
    sw=sass_widths(lst)
    for a in j['files'][0]['accesses']:
        kind={'load':'load','store':'store','cp.async':'cp.async'}.get(a['kind'])
        if not kind or a['status']!='computed': continue
        key=(os.path.basename(a['file']),a['line'],kind)
        s=sw.get(key)
        ptxw=a['instruction_width_bytes']; src_=a['width_source']
        rows.append((os.path.basename(src),a['line'],kind,a['array'],a['source_width_bytes'],src_,ptxw,dict(s) if s else None))
agree=sum(1 for r in rows if r[7] and r[6] in r[7] and len(r[7])==1)
nos=sum(1 for r in rows if not r[7])
print(len(rows),'accesses; PTX==SASS(single width):',agree,'; no SASS instr:',nos)
for r in rows:
    if r[7] and not (r[6] in r[7] and len(r[7])==1): print(r)
