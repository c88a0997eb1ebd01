// C++ integer semantics for the operators bankcheck's expressions use. Shared by constant folding
// in the IR and by the mapper's per-lane evaluation, so both agree bit for bit.
#pragma once

#include "ir/Expr.h"

namespace bankcheck::ir {

enum class EvalStatus : uint8_t { Ok, DivByZero, BadShift };

// Applies `op` to operands already converted to `operandType`; the result has `resultType`
// (bool for comparisons and logical operators).
int64_t applyBinary(BinaryOp op, int64_t a, int64_t b, IntType operandType, IntType resultType,
                    EvalStatus& status);
int64_t applyUnary(UnaryOp op, int64_t a, IntType type);

}  // namespace bankcheck::ir
