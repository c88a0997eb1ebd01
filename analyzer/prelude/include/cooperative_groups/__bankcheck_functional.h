/* bankcheck CUDA prelude: the operators of cooperative_groups/details/functional.h, shared by the
 * reduce.h and scan.h shadows. less<T> and greater<T> return the minimum and the maximum. */
#ifndef __BANKCHECK_CG_FUNCTIONAL_H
#define __BANKCHECK_CG_FUNCTIONAL_H

#include "../__bankcheck_prelude.h"

namespace cooperative_groups {

template <class _T> struct plus {
  __BC_HDI _T operator()(_T __a, _T __b) const { return __a + __b; }
};
template <class _T> struct less {
  __BC_HDI _T operator()(_T __a, _T __b) const { return (__b < __a) ? __b : __a; }
};
template <class _T> struct greater {
  __BC_HDI _T operator()(_T __a, _T __b) const { return (__a < __b) ? __b : __a; }
};
template <class _T> struct bit_and {
  __BC_HDI _T operator()(_T __a, _T __b) const { return __a & __b; }
};
template <class _T> struct bit_or {
  __BC_HDI _T operator()(_T __a, _T __b) const { return __a | __b; }
};
template <class _T> struct bit_xor {
  __BC_HDI _T operator()(_T __a, _T __b) const { return __a ^ __b; }
};

}  // namespace cooperative_groups

#endif /* __BANKCHECK_CG_FUNCTIONAL_H */
