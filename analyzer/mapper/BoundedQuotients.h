// Quotients that a bounded term cannot change. A padded index divides by the row length
// (`i + i / 32`, or the advisor's rows of a candidate padding): with i = tx * 32 + y and y a loop
// iteration below 32, i / 32 is tx in every iteration, so the loop only shifts the address and
// can be counted instead of enumerated. The rewrite is exact: it applies only where the ranges of
// the loop iterations and thread indices prove the dropped part stays inside one quotient step.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "ir/Expr.h"

namespace bankcheck::mapper {

struct ValueRange {
  int64_t lo = 0, hi = 0;  // inclusive
};

// What bounds the leaves: the inclusive range of a symbol (a loop iteration with a known trip
// count), and of each thread index (the block's extent); nullopt where nothing is known.
struct LeafRanges {
  std::function<std::optional<ValueRange>(int symbol)> symbol;
  int64_t blockDim[3] = {1, 1, 1};
};

// The range of `e` from the ranges of its leaves, as far as its structure shows; nullopt where a
// leaf has no range or an operation is not followed.
std::optional<ValueRange> rangeOf(const ir::ExprRef& e, const LeafRanges& leaves);

// Whether `e` divides by a constant of at least 2 anywhere: what the rewrite below can apply to
// (the ranges it needs cost a pass over every constant-trip loop, not worth it otherwise).
bool hasConstantDivision(const ir::ExprRef& e);

// `e` with every division by a positive constant q of a non-negative sum written as
// (sum of the terms whose factors g divides) / (q / g), where the other terms provably add up to
// less than g (and not below 0): the same value in every case, with fewer terms in the quotient.
ir::ExprRef dropBoundedTermsFromQuotients(const ir::ExprRef& e, const LeafRanges& leaves);

}  // namespace bankcheck::mapper
