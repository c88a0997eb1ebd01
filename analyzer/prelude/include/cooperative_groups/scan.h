/* bankcheck CUDA prelude: shadow of <cooperative_groups/scan.h>: cg::inclusive_scan and
 * cg::exclusive_scan, with cg::plus by default. */
#ifndef __BANKCHECK_CG_SCAN_H
#define __BANKCHECK_CG_SCAN_H

#include "../cooperative_groups.h"
#include "__bankcheck_functional.h"

namespace cooperative_groups {

template <class _Group, class _Val, class _Op>
__BC_D auto inclusive_scan(const _Group& __group, const _Val& __val, _Op&& __op)
    -> decltype(__op(__val, __val));
template <class _Group, class _Val>
__BC_D auto inclusive_scan(const _Group& __group, const _Val& __val) -> decltype(__val + __val);
template <class _Group, class _Val, class _Op>
__BC_D auto exclusive_scan(const _Group& __group, const _Val& __val, _Op&& __op)
    -> decltype(__op(__val, __val));
template <class _Group, class _Val>
__BC_D auto exclusive_scan(const _Group& __group, const _Val& __val) -> decltype(__val + __val);

}  // namespace cooperative_groups

#endif /* __BANKCHECK_CG_SCAN_H */
