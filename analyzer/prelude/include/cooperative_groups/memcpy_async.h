/* bankcheck CUDA prelude: shadow of <cooperative_groups/memcpy_async.h>.
 * cg::memcpy_async(group, dst, src, count) copies `count` bytes (a size_t or a
 * cuda::aligned_size_t<N>) from global to shared memory with cp.async, cooperatively across the
 * group, and commits the copies as one batch; cg::memcpy_async(group, dst, dst_count, src, src_count)
 * copies the smaller of two element counts. cg::wait(group) / cg::wait_prior<N>(group) wait for
 * the batches. As in CUDA, this header brings in cuda_pipeline.h.
 *
 * Which thread copies what is defined here as CUDA 13's implementation does it, so that bankcheck
 * computes the copies' banks: the alignment the call promises (the aligned_size_t's N, or the
 * element type's alignment for a plain count; at most 16) is the width of every cp.async, and the
 * group's thread of rank r copies chunks r, r + size, r + 2 size, ... of the count / width
 * chunks. A warp tile (thread_block_tile<N>, N > 1) copies whole rounds of N chunks and then the
 * remaining k < N chunks with every thread active, the threads of rank k and above repeating
 * chunk k - 1; another group leaves those threads idle. A promise below 4 bytes makes the library
 * choose the width at run time from the pointers' alignment: that copy is declared only, and
 * bankcheck says so. */
#ifndef __BANKCHECK_CG_MEMCPY_ASYNC_H
#define __BANKCHECK_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"
#include "../cuda_pipeline.h"
#include "../cuda_pipeline_primitives.h"

namespace cooperative_groups {

namespace __bankcheck_cg {
/* Whether the group copies as a warp tile does. */
template <class _Group> struct __copies_as_tile { static constexpr bool value = false; };
template <unsigned int _N, class _P> struct __copies_as_tile<thread_block_tile<_N, _P>> {
  static constexpr bool value = _N > 1;
};
template <class _Elem> struct __element_alignment { static constexpr size_t value = alignof(_Elem); };
template <> struct __element_alignment<void> { static constexpr size_t value = 1; };
template <> struct __element_alignment<const void> { static constexpr size_t value = 1; };

template <bool _Tile> struct __chunk_copy;
template <> struct __chunk_copy<true> {
  template <unsigned int _Width, class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __chunks) {
    const unsigned int __rank = __g.thread_rank();
    const unsigned int __size = __g.size();
    const size_t __whole = __chunks & ~(size_t)(__size - 1);
    for (size_t __k = 0; __k < __whole; __k += __size)
      __pipeline_memcpy_async(__dst + (__k + __rank) * _Width, __src + (__k + __rank) * _Width, _Width);
    const unsigned int __rest = (unsigned int)(__chunks & (__size - 1));
    if (__rest) {
      const size_t __c = __whole + (__rank < __rest ? __rank : __rest - 1);
      __pipeline_memcpy_async(__dst + __c * _Width, __src + __c * _Width, _Width);
    }
  }
};
template <> struct __chunk_copy<false> {
  template <unsigned int _Width, class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __chunks) {
    const unsigned int __rank = __g.thread_rank();
    const unsigned int __size = __g.size();
    for (size_t __k = 0; __k < __chunks; __k += __size)
      if (__k + __rank < __chunks)
        __pipeline_memcpy_async(__dst + (__k + __rank) * _Width, __src + (__k + __rank) * _Width, _Width);
  }
};

__BC_DI size_t __smaller(size_t __a, size_t __b) { return __a < __b ? __a : __b; }

/* A promise of 4, 8 or 16 bytes: cp.async of that width. */
template <size_t _Align> struct __aligned_copy {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, void* __dst, const void* __src, size_t __bytes) {
    __chunk_copy<__copies_as_tile<_Group>::value>::template copy<(unsigned int)_Align>(
        __g, (char*)__dst, (const char*)__src, __bytes / _Align);
  }
};
/* Below 4 bytes the width depends on the pointers at run time (declared only). */
template <class _Group>
__BC_D void __copy_width_chosen_at_run_time(const _Group& __g, void* __dst, const void* __src, size_t __bytes);
template <> struct __aligned_copy<1> {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, void* __dst, const void* __src, size_t __bytes) {
    __copy_width_chosen_at_run_time(__g, __dst, __src, __bytes);
  }
};
template <> struct __aligned_copy<2> : __aligned_copy<1> {};
}  // namespace __bankcheck_cg

/* The count as an aligned_size_t<N> (any template of one size_t, as in CUDA). */
template <class _Group, typename _Elem, template <size_t> class _Aligned, size_t _N>
__BC_DI void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst,
                          const _Elem* __restrict__ __src, const _Aligned<_N>& __count) {
  __bankcheck_cg::__aligned_copy<(_N > 16 ? 16 : _N)>::copy(__group, __dst, __src, __count.value);
  __pipeline_commit();
}
/* A plain byte count: the element type's alignment is the promise. */
template <class _Group, typename _Elem>
__BC_DI void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst,
                          const _Elem* __restrict__ __src, size_t __count) {
  constexpr size_t __align = __bankcheck_cg::__element_alignment<_Elem>::value;
  __bankcheck_cg::__aligned_copy<(__align > 16 ? 16 : __align)>::copy(__group, __dst, __src, __count);
  __pipeline_commit();
}
/* Element counts for the destination and the source: the smaller one is copied, and the
 * alignment promised is the aligned_size_t's N (both counts must carry the same one, as in CUDA)
 * or the element type's for plain counts. */
template <class _Group, class _Elem, template <size_t> class _Aligned, size_t _N>
__BC_DI void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst, const _Aligned<_N>& __dst_count,
                          const _Elem* __restrict__ __src, const _Aligned<_N>& __src_count) {
  __bankcheck_cg::__aligned_copy<(_N > 16 ? 16 : _N)>::copy(
      __group, __dst, __src, __bankcheck_cg::__smaller(__dst_count.value, __src_count.value) * sizeof(_Elem));
  __pipeline_commit();
}
template <class _Group, class _Elem>
__BC_DI void memcpy_async(const _Group& __group, _Elem* __restrict__ __dst, size_t __dst_count,
                          const _Elem* __restrict__ __src, size_t __src_count) {
  constexpr size_t __align = __bankcheck_cg::__element_alignment<_Elem>::value;
  __bankcheck_cg::__aligned_copy<(__align > 16 ? 16 : __align)>::copy(
      __group, __dst, __src, __bankcheck_cg::__smaller(__dst_count, __src_count) * sizeof(_Elem));
  __pipeline_commit();
}
template <unsigned int _Stage, class _Group>
__BC_D void wait_prior(const _Group& __group);
template <class _Group>
__BC_D void wait(const _Group& __group);

}  // namespace cooperative_groups

#endif /* __BANKCHECK_CG_MEMCPY_ASYNC_H */
