/* bankcheck CUDA prelude: shadow of <cooperative_groups/memcpy_async.h>.
 * cg::memcpy_async(group, dst, src, count) copies `count` bytes (a size_t or a
 * cuda::aligned_size_t<N>) from global to shared memory with cp.async, cooperatively across the
 * group, and commits the copies as one batch; cg::wait(group) / cg::wait_prior<N>(group) wait for
 * the batches. As in CUDA, this header brings in cuda_pipeline.h. */
#ifndef __BANKCHECK_CG_MEMCPY_ASYNC_H
#define __BANKCHECK_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"
#include "../cuda_pipeline.h"

namespace cooperative_groups {

template <class _Group, typename _Elem, typename _Count>
__BC_D void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst,
                         const _Elem* __restrict__ __src, const _Count& __count);
template <class _Group, class _Elem, typename _DstLayout, typename _SrcLayout>
__BC_D void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst,
                         const _DstLayout& __dst_layout, const _Elem* __restrict__ __src,
                         const _SrcLayout& __src_layout);
template <unsigned int _Stage, class _Group>
__BC_D void wait_prior(const _Group& __group);
template <class _Group>
__BC_D void wait(const _Group& __group);

}  // namespace cooperative_groups

#endif /* __BANKCHECK_CG_MEMCPY_ASYNC_H */
