// An XOR swizzle written on a whole offset, `o ^ (((o >> s) & m) << h)` (m = 2^b - 1, h + b <= s),
// reads and changes only the bits of o below s + b. A part of o that is the same in every lane
// and a whole multiple of 2^(s + b) (a pipeline stage `stage * 4096`, a block row of a runtime
// size) therefore passes through it unchanged: o = U + L swizzles to U + swizzle(L). Written that
// way, the mapper sees U as what it is, a uniform shift of the warp's addresses, where through the
// XOR it would see a value that changes the pattern. The value is the same (mod 2^32, which
// changes no bank).
#pragma once

#include "ir/Expr.h"

namespace bankcheck::mapper {

// `e` with every such swizzle's uniform whole-period terms moved out of it; `e` itself when there
// is none.
ir::ExprRef hoistUniformTermsOutOfSwizzles(const ir::ExprRef& e);

// `o ^ (((o >> source) & (2^bits - 1)) << shift)`, in 64-bit arithmetic: the form the above reads.
ir::ExprRef swizzleExpr(const ir::ExprRef& o, int shift, int bits, int source);

}  // namespace bankcheck::mapper
