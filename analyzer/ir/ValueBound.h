// Ranges the IR proves: a constant no value of an expression exceeds, with no value below zero,
// for every lane and every value of its variables. The walker asks it of a mask XORed on a shared
// address (`addr ^ ((addr & 0x380) >> 3)`): the XOR then changes only bits below the bound's next
// power of two, which the array's placement must cover.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/Expr.h"

namespace bankcheck::ir {

// b with 0 <= e <= b for every value `e` can take; nothing when that is not known.
std::optional<int64_t> upperBound(const ExprRef& e);

}  // namespace bankcheck::ir
