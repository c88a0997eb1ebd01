#!/bin/sh
# Compiles one prelude corpus file with the real nvcc, to show that the corpus is genuine CUDA.
# usage: nvcc_compile.sh <nvcc or empty/NOTFOUND> <file.cu> <output dir>
# Exit 77 (CTest SKIP_RETURN_CODE) when nvcc is not installed.
nvcc="$1"
src="$2"
outdir="$3"
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "SKIPPED: nvcc not found (looked in PATH, /usr/local/cuda/bin and \$CUDA_PATH/bin);" \
       "the corpus is still parsed by clang with the prelude"
  exit 77
fi
mkdir -p "$outdir" || exit 1
name=$(basename "$src" .cu)
echo "$nvcc -arch=sm_90 -std=c++17 -Werror all-warnings -c $src"
exec "$nvcc" -arch=sm_90 -std=c++17 -Werror all-warnings -c "$src" -o "$outdir/$name.o"
