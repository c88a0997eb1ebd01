/* bankcheck CUDA prelude: <cub/warp/warp_reduce.cuh>, as the toolkit provides it to nvcc (everything is in __bankcheck_cub.h). */
#pragma once
#include "../__bankcheck_cub.h"
