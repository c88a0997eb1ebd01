// Sums in an address written so that the mapper sees what they compute. Two rewrites, both exact
// in the sum's own type (two's-complement arithmetic is modular, and neither involves a division
// of its own):
// - Equal terms are merged, so that a value added and taken away again cancels: an index
//   `ti - first_step` where the loop started `ti` at `first_step + lane` is the lane's offset,
//   whatever the run-time `first_step` is; as written, the mapper sees a run-time value that
//   changes the pattern.
// - An index split into a quotient and a remainder and put back together, `(x / h) * h + x % h`,
//   is x for every h the division is defined for: C defines % that way (signed or not), and the
//   product cannot overflow. Code that splits a flat index into a row and a column of a run-time
//   pitch and indexes `s[row * pitch + col]` (often through two pointer additions, scaled by the
//   element size) therefore addresses s[x].
#pragma once

#include "ir/Expr.h"

namespace bankcheck::mapper {

// `e` (a sum of terms, each scaled by a constant) with equal terms merged (those whose
// coefficients add up to 0 dropped) and every pair `c * ((x / h) * h)` and `c * (x % h)` of the
// same x, h and c replaced by `c * x`, in every sum of `e`; `e` itself when nothing changes.
ir::ExprRef simplifySums(const ir::ExprRef& e);

}  // namespace bankcheck::mapper
