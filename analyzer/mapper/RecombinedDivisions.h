// An index split into a quotient and a remainder and put back together, `(x / h) * h + x % h`,
// is x for every h the division is defined for: C defines % that way (signed or not), and the
// product cannot overflow. Code that splits a flat index into a row and a column of a run-time
// pitch and indexes `s[row * pitch + col]` (often through two pointer additions, scaled by the
// element size) therefore addresses s[x]: written as x, the mapper sees a pattern that does not
// depend on the pitch, where as written it sees a run-time value that changes the pattern.
#pragma once

#include "ir/Expr.h"

namespace bankcheck::mapper {

// `e` (a sum of terms, each scaled by a constant) with every pair `c * ((x / h) * h)` and
// `c * (x % h)` of the same x, h and c replaced by `c * x`; `e` itself when there is none.
ir::ExprRef recombineDivisions(const ir::ExprRef& e);

}  // namespace bankcheck::mapper
