/* bankcheck CUDA prelude: shadow of <cooperative_groups/reduce.h>: cg::reduce over a
 * thread_block_tile or coalesced_group with the cg::plus/less/greater/bit_* operators. */
#ifndef __BANKCHECK_CG_REDUCE_H
#define __BANKCHECK_CG_REDUCE_H

#include "../cooperative_groups.h"
#include "__bankcheck_functional.h"

namespace cooperative_groups {

/* The value is read, never written (CUDA's forwarding reference, taken here as a const one, so
 * that a value read from shared memory is one load and no store). */
template <class _Group, class _Val, class _Op>
__BC_D auto reduce(const _Group& __group, const _Val& __val, _Op&& __op) -> decltype(__op(__val, __val));

}  // namespace cooperative_groups

#endif /* __BANKCHECK_CG_REDUCE_H */
