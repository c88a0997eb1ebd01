/* bankcheck CUDA prelude: shadow of <cuda_pipeline_primitives.h>, the C-style cp.async interface.
 * __pipeline_memcpy_async(dst, src, size) issues a cp.async of `size` bytes (4, 8 or 16) from
 * global to shared memory; __pipeline_commit() closes a group (cp.async.commit_group) and
 * __pipeline_wait_prior(n) waits until at most n groups are pending (cp.async.wait_group n). */
#ifndef __BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H
#define __BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H

#include "__bankcheck_prelude.h"

typedef unsigned long long __mbarrier_t;
typedef unsigned long long __mbarrier_token_t;

__BC_D void __pipeline_memcpy_async(void* __restrict__ __dst_shared,
                                    const void* __restrict__ __src_global, size_t __size_and_align,
                                    size_t __zfill = 0);
__BC_D void __pipeline_commit(void);
__BC_D void __pipeline_wait_prior(size_t __prior);
__BC_D void __pipeline_arrive_on(__mbarrier_t* __barrier);

#endif /* __BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H */
