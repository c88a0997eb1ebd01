#!/bin/bash
# Prints, per kernel of held_quotient_probe.cu, the address operands of its shared loads in nvcc's
# PTX: one register plus immediates ([%r9], [%r9+4], ...) is the form ptxas merges.
#   measurements/ptx-held-quotient/run.sh [NVCC]   (output committed as ptx-registers.txt)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
nvcc="${1:-${NVCC:-/usr/local/cuda/bin/nvcc}}"
ptx="$(mktemp)"; trap 'rm -f "$ptx"' EXIT
"$nvcc" --version | tail -1
"$nvcc" -arch=sm_90 -O3 -ptx "$here/held_quotient_probe.cu" -o "$ptx"
grep -o '\.entry [A-Za-z0-9_]*' "$ptx" | awk '{print $2}' | while read -r entry; do
  ops=$(awk -v e="$entry" '$0 ~ "\\.entry "e"\\(" {f=1} f && /^}/ {exit} f' "$ptx" | grep "ld.shared" | awk '{print $NF}' | tr '\n' ' ')
  echo "$entry: $ops"
done
