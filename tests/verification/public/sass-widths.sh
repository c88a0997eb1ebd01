#!/bin/bash
# The SASS (nvdisasm -g, with line info) of public files whose predicted instruction widths the
# width rule of 2026-12-03 changed, to check them against what ptxas emits (no GPU run needed,
# only nvcc and nvdisasm). Usage: sass-widths.sh OUTDIR LEETCUDA_CHECKOUT GGML_CHECKOUT
# LeetCUDA's files are torch extensions: the host part (after the kernels) and the torch includes
# are cut, line numbers kept, and the kernels instantiated as the launches do.
set -x
out=$(realpath "$1"); lc=$(realpath "$2"); gg=$(realpath "$3"); here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"; w=$(mktemp -d)
cut_host() { sed -e '/torch\//s/.*//' "$1" | awk -v n="$(grep -n 'define TORCH_BINDING_COMMON_EXTENSION' "$1" | cut -d: -f1)" 'NR < n'; }
cut_host "$lc/kernels/sgemm/sgemm.cu" > $w/sgemm.cu
echo 'template __global__ void sgemm_t_8x8_sliced_k_f32x4_kernel<128,128,8,8,8>(float*,float*,float*,int,int,int);' >> $w/sgemm.cu
cut_host "$lc/kernels/hgemm/naive/hgemm.cu" > $w/hgemm.cu
echo 'template __global__ void hgemm_t_8x8_sliced_k_f16x4_kernel<128,128,8,8,8>(half*,half*,half*,int,int,int);' >> $w/hgemm.cu
echo 'template __global__ void hgemm_t_8x8_sliced_k_f16x4_pack_kernel<128,128,8,8,8>(half*,half*,half*,int,int,int);' >> $w/hgemm.cu
for f in sgemm hgemm; do
  nvcc -arch=sm_90 -lineinfo -O3 -cubin -o $w/$f.cubin $w/$f.cu > "$out/$f.build.log" 2>&1
  nvdisasm -g -c $w/$f.cubin > "$out/leetcuda-$f.sass"
done
nvcc -arch=sm_90 -lineinfo -O3 -cubin -o $w/case.cubin "$here/../../cases/merged_across_inner_loop.cu" > "$out/case.build.log" 2>&1
nvdisasm -g -c $w/case.cubin > "$out/case.sass"
(cd "$gg" && nvcc -arch=sm_90 -lineinfo -O3 -std=c++17 -cubin -I include -I src -I src/ggml-cuda -o $w/fv.cubin \
  src/ggml-cuda/template-instances/fattn-vec-instance-q8_0-q8_0.cu) > "$out/ggml.build.log" 2>&1
nvdisasm -g -c $w/fv.cubin > "$out/ggml-fattn-vec-q8_0-q8_0.sass"
