#!/bin/bash
# bankcheck's per-kernel prediction for this probe (see ../cub-predict.sh). From the repository root:
#   measurements/cub-block-reduce/predict.sh [BANKCHECK]
exec "$(dirname "$0")/../cub-predict.sh" cub-block-reduce "$@"
