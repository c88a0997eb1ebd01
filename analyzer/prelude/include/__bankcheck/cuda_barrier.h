/* bankcheck CUDA prelude: the libcu++ (CCCL) pieces shared by <cuda/barrier> and <cuda/pipeline>:
 * cuda::thread_scope, cuda::aligned_size_t, cuda::barrier and cuda::memcpy_async with a barrier.
 * Layouts follow CCCL where they matter for shared-memory budgets: a block-scope barrier is one
 * 8-byte mbarrier word. Member functions are declared, not defined. */
#ifndef __BANKCHECK_CUDA_BARRIER_H
#define __BANKCHECK_CUDA_BARRIER_H

#include "../__bankcheck_prelude.h"
#include "../cuda_pipeline_primitives.h"

namespace cuda {

enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};

/* A byte count with a promised alignment: memcpy_async may then use 4/8/16-byte cp.async. */
template <size_t _Alignment>
struct aligned_size_t {
  static_assert((_Alignment & (_Alignment - 1)) == 0, "alignment must be a power of two");
  static constexpr size_t align = _Alignment;
  size_t value;
  __BC_HD explicit constexpr aligned_size_t(size_t __s) : value(__s) {}
  __BC_HD constexpr operator size_t() const { return value; }
};

enum class async_contract_fulfillment { none, async };

struct __bankcheck_empty_completion {
  __BC_HD void operator()() noexcept {}
};

template <thread_scope _Scope, class _CompletionF = __bankcheck_empty_completion>
class barrier {
 public:
  using arrival_token = unsigned long long;

  barrier() = default;
  barrier(const barrier&) = delete;
  barrier& operator=(const barrier&) = delete;
  __BC_HD barrier(ptrdiff_t __expected, _CompletionF __completion = _CompletionF());

  __BC_HD arrival_token arrive(ptrdiff_t __update = 1);
  __BC_HD void wait(arrival_token&& __phase) const;
  __BC_HD bool try_wait(arrival_token&& __phase) const;
  __BC_HD void wait_parity(bool __phase_parity) const;
  __BC_HD bool try_wait_parity(bool __phase_parity) const;
  __BC_HD void arrive_and_wait();
  __BC_HD void arrive_and_drop();
  __BC_HD static constexpr ptrdiff_t max() noexcept { return (1 << 20) - 1; }

 private:
  unsigned long long __state;
};

template <thread_scope _Scope, class _CompletionF>
__BC_HD void init(barrier<_Scope, _CompletionF>* __b, ptrdiff_t __expected,
                  _CompletionF __completion = _CompletionF());

/* How libcu++ (CCCL 3, CUDA 13) carries out cuda::memcpy_async for a group of threads, so that
 * bankcheck computes the copies' banks. The alignment promised is the larger of the element
 * type's and the aligned_size_t's N. Global to shared:
 *  - with a block-scope cuda::barrier with the default completion (in shared memory, where one
 *    belongs), a promise of 16 bytes and sm_90 or later: one cp.async.bulk, issued by rank 0;
 *  - otherwise, a promise of 4 bytes or more: cp.async of that width (at most 16; .cg at 16), the
 *    thread of rank r copying bytes r w, r w + size w, ... (threads past the end idle);
 *  - below 4 bytes: the same loop with plain loads and stores of 1 or 2 bytes. */
namespace __bankcheck_copy {
template <class _Size> struct __size_align { static constexpr size_t value = 1; };
template <size_t _N> struct __size_align<aligned_size_t<_N>> { static constexpr size_t value = _N; };
template <class _Tp> struct __type_align { static constexpr size_t value = alignof(_Tp); };
template <> struct __type_align<void> { static constexpr size_t value = 1; };
template <> struct __type_align<const void> { static constexpr size_t value = 1; };
template <class _Tp, class _Size> struct __promise {
  static constexpr size_t value = __type_align<_Tp>::value > __size_align<_Size>::value ? __type_align<_Tp>::value
                                                                                      : __size_align<_Size>::value;
};
template <class _CompF> struct __is_empty_completion { static constexpr bool value = false; };
template <> struct __is_empty_completion<__bankcheck_empty_completion> { static constexpr bool value = true; };
__BC_DI size_t __bytes(size_t __size) { return __size; }
template <size_t _N> __BC_DI size_t __bytes(const aligned_size_t<_N>& __size) { return __size.value; }

template <size_t _Align> struct __chunk { typedef unsigned char type; };
template <> struct __chunk<2> { typedef unsigned short type; };

template <size_t _Align, bool _Async = (_Align >= 4)> struct __strided;
template <size_t _Align> struct __strided<_Align, true> {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __bytes) {
    constexpr unsigned int __width = _Align > 16 ? 16 : (unsigned int)_Align;
    const int __stride = (int)__g.size() * (int)__width;
    for (int __offset = (int)__g.thread_rank() * (int)__width; __offset < (int)__bytes; __offset += __stride)
      __pipeline_memcpy_async(__dst + __offset, __src + __offset, __width);
  }
};
template <size_t _Align> struct __strided<_Align, false> {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __bytes) {
    typedef typename __chunk<_Align>::type _Chunk;
    const size_t __stride = __g.size() * _Align;
    for (size_t __offset = __g.thread_rank() * _Align; __offset < __bytes; __offset += __stride)
      *(_Chunk*)(__dst + __offset) = *(const _Chunk*)(__src + __offset);
  }
};
/* One cp.async.bulk of `bytes` bytes by the calling thread (bankcheck records it). */
__BC_D void __bulk_copy(char* __dst, const char* __src, size_t __bytes);

template <size_t _Align, bool _Bulk> struct __group_copy {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __bytes) {
    __strided<_Align>::copy(__g, __dst, __src, __bytes);
  }
};
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
template <size_t _Align> struct __group_copy<_Align, true> {
  template <class _Group>
  __BC_DI static void copy(const _Group& __g, char* __dst, const char* __src, size_t __bytes) {
    if (__g.thread_rank() == 0) __bulk_copy(__dst, __src, __bytes);
  }
};
#endif
}  // namespace __bankcheck_copy

/* cuda::memcpy_async(group, dst, src, size, barrier): completed through the barrier. */
template <class _Group, class _Tp, class _Size, thread_scope _Sco, class _CompF>
__BC_DI async_contract_fulfillment memcpy_async(const _Group& __group, _Tp* __destination,
                                                const _Tp* __source, _Size __size,
                                                barrier<_Sco, _CompF>& __barrier) {
  constexpr size_t __align = __bankcheck_copy::__promise<_Tp, _Size>::value;
  // libcu++'s __is_local_smem_barrier: block scope and the default completion.
  constexpr bool __mbarrier = _Sco == thread_scope_block && __bankcheck_copy::__is_empty_completion<_CompF>::value;
  __bankcheck_copy::__group_copy<__align, (__align >= 16 && __mbarrier)>::copy(
      __group, (char*)__destination, (const char*)__source, __bankcheck_copy::__bytes(__size));
  return async_contract_fulfillment::async;
}
/* cuda::memcpy_async(dst, src, size, barrier): one thread's copy (see Calls.cpp). */
template <class _Tp, class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(_Tp* __destination, const _Tp* __source,
                                               _Size __size, barrier<_Sco, _CompF>& __barrier);
template <class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(void* __destination, const void* __source,
                                               _Size __size, barrier<_Sco, _CompF>& __barrier);

}  // namespace cuda

#endif /* __BANKCHECK_CUDA_BARRIER_H */
