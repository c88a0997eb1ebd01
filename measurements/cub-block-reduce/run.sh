#!/bin/bash
# On the GPU machine, from the repository root (results under $OUT/cub-block-reduce): see ../cub-probe.sh.
exec "$(dirname "$0")/../cub-probe.sh" cub-block-reduce
