#!/bin/bash
# GPU round 3 (final): verify-on-gpu end to end on the committed kernels; its raw outputs are
# what docs/verification/raw/ holds.
set -u -o pipefail
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/out}; mkdir -p "$O"
R=/tmp/refk-raw; rm -rf $R
timeout 300 bash reference-kernels/verify-on-gpu $R
echo "=== verify-on-gpu exit status $?"
tar czf "$O/raw.tgz" -C $R .
ls -la "$O" $R
