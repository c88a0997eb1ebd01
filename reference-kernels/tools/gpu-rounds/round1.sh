#!/bin/bash
# GPU round 1: full verify-on-gpu + SGEMM design probe + format discovery for the ncu exports.
set -u -o pipefail
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/out}; mkdir -p "$O"
X=/tmp/r1; rm -rf $X; mkdir -p $X
T0=$SECONDS
export PATH=$PATH:/usr/local/cuda/bin
{ ncu --help; echo ====; ncu --list-sections; } > $X/ncu-help.txt 2>&1
(nvcc -O3 -arch=sm_90 -Xptxas -v -o $X/sgv reference-kernels/tools/sgemm_variants.cu -lcublas > $X/sgv-build.log 2>&1) &
BG=$!
REFK_WORK=$X/work timeout 330 bash reference-kernels/verify-on-gpu $X/raw
echo "=== verify rc=$? at $((SECONDS-T0)) s"
wait $BG
timeout 60 $X/sgv 2>&1 | tee $X/sgv.txt
echo "=== sgv done at $((SECONDS-T0)) s"
R=$X/work/refk.ncu-rep
if [ -f $R ]; then
  ls -la $R
  timeout 60 ncu --import $R --page source --csv --print-source sass > $X/src-sass.csv 2>&1
  timeout 60 ncu --import $R --page source --csv --print-source cuda > $X/src-cuda.csv 2>&1
  timeout 60 ncu --import $R --page source --print-source cuda,sass 2>&1 | head -400 > $X/src-cuda-sass.txt
  timeout 60 ncu --import $R --page details --csv > $X/details.csv 2>&1
  timeout 60 ncu --import $R --page source --csv --print-source cuda,sass --print-kernel-base mangled -k regex:transpose_f16 > $X/src-k.csv 2>&1
  for f in $X/src-*.csv; do echo "== $f $(wc -lc < $f)"; head -c 1500 $f; echo; done
  [ $(stat -c %s $R) -gt 12000000 ] && mv $R $X/work/big.rep.skip
fi
cuobjdump -sass build-refk/refk-harness > $X/harness.sass 2>&1
grep -c . $X/harness.sass
echo "=== total $((SECONDS-T0)) s"
tar czf "$O/r1.tgz" --exclude=sgv --exclude='*.skip' -C $X .
ls -la "$O"
