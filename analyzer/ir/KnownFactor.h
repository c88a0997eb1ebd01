// Divisibility the IR proves: a factor every value of an expression has, for every lane and every
// value of its variables. The width prediction asks it for alignment (powers of two), the advisor
// for whole rows (`rounded_C * 2` with rounded_C = `(C + 127) / 128 * 128` counts rows of 256).
#pragma once

#include <cstdint>

#include "ir/Expr.h"

namespace bankcheck::ir {

// The largest factor of `e` that is known, at most 2^30 (0 counts as 2^30); 1 when none is.
int64_t knownFactor(const ExprRef& e);

// log2(v), or -1 when v is not a power of two.
int log2Exact(int64_t v);

}  // namespace bankcheck::ir
