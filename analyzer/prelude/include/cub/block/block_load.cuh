/* bankcheck CUDA prelude: <cub/block/block_load.cuh>, as the toolkit provides it to nvcc (everything is in __bankcheck_cub.h). */
#pragma once
#include "../__bankcheck_cub.h"
