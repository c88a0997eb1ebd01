/* bankcheck CUDA prelude: shadow of <cuda_profiler_api.h>: cudaProfilerStart/cudaProfilerStop,
 * which benchmarks use to delimit the region a profiler (ncu, nsys) captures. */
#ifndef __BANKCHECK_CUDA_PROFILER_API_H
#define __BANKCHECK_CUDA_PROFILER_API_H
#define __CUDA_PROFILER_API_H__ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"

extern "C" {
__BC_H cudaError_t cudaProfilerStart(void);
__BC_H cudaError_t cudaProfilerStop(void);
}

#endif /* __BANKCHECK_CUDA_PROFILER_API_H */
