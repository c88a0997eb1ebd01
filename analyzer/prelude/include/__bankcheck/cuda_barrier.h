/* bankcheck CUDA prelude: the libcu++ (CCCL) pieces shared by <cuda/barrier> and <cuda/pipeline>:
 * cuda::thread_scope, cuda::aligned_size_t, cuda::barrier and cuda::memcpy_async with a barrier.
 * Layouts follow CCCL where they matter for shared-memory budgets: a block-scope barrier is one
 * 8-byte mbarrier word. Member functions are declared, not defined. */
#ifndef __BANKCHECK_CUDA_BARRIER_H
#define __BANKCHECK_CUDA_BARRIER_H

#include "../__bankcheck_prelude.h"

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

/* cuda::memcpy_async(group?, dst, src, size, barrier): asynchronous global->shared copy whose
 * completion is signalled on the barrier. `size` is a size_t or a cuda::aligned_size_t<N>. */
template <class _Group, class _Tp, class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(const _Group& __group, _Tp* __destination,
                                               const _Tp* __source, _Size __size,
                                               barrier<_Sco, _CompF>& __barrier);
template <class _Tp, class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(_Tp* __destination, const _Tp* __source,
                                               _Size __size, barrier<_Sco, _CompF>& __barrier);
template <class _Group, class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(const _Group& __group, void* __destination,
                                               const void* __source, _Size __size,
                                               barrier<_Sco, _CompF>& __barrier);
template <class _Size, thread_scope _Sco, class _CompF>
__BC_D async_contract_fulfillment memcpy_async(void* __destination, const void* __source,
                                               _Size __size, barrier<_Sco, _CompF>& __barrier);

}  // namespace cuda

#endif /* __BANKCHECK_CUDA_BARRIER_H */
