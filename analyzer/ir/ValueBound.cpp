#include "ir/ValueBound.h"

#include <algorithm>

#include "llvm/Support/MathExtras.h"

namespace bankcheck::ir {
namespace {

// The largest value of type `t` (for a 1-bit boolean, 1).
int64_t maxOf(IntType t) {
  if (t.bits >= 64) return INT64_MAX;  // bounds are int64_t, so an unsigned 64-bit one stops there too
  return t.isSigned ? (int64_t{1} << (t.bits - 1)) - 1 : (int64_t{1} << t.bits) - 1;
}

// `b` when it fits the result type (so the operation did not wrap), else nothing.
std::optional<int64_t> within(int64_t b, IntType t) {
  if (b < 0 || b > maxOf(t)) return std::nullopt;
  return b;
}

// All bits up to the highest bit of `b`.
int64_t filled(int64_t b) { return b == 0 ? 0 : static_cast<int64_t>(llvm::PowerOf2Ceil(static_cast<uint64_t>(b) + 1) - 1); }

}  // namespace

std::optional<int64_t> upperBound(const ExprRef& e) {
  if (!e) return std::nullopt;
  switch (e->kind) {
    case ExprKind::Const:
      return e->value >= 0 ? std::optional<int64_t>(e->value) : std::nullopt;
    case ExprKind::Cast: {
      const std::optional<int64_t> a = upperBound(e->a);
      return a ? within(*a, e->type) : std::nullopt;
    }
    case ExprKind::Select: {
      const std::optional<int64_t> t = upperBound(e->b), f = upperBound(e->c);
      return t && f ? std::optional<int64_t>(std::max(*t, *f)) : std::nullopt;
    }
    case ExprKind::Binary:
      break;
    default:
      return std::nullopt;
  }
  const std::optional<int64_t> a = upperBound(e->a), b = upperBound(e->b);
  int64_t k = 0;
  const bool constRight = isConst(e->b, &k);
  switch (e->binaryOp) {
    case BinaryOp::And:
      // The bits of a non-negative operand bound the result, whatever the other holds.
      if (a && b) return std::min(*a, *b);
      return a ? a : b;
    case BinaryOp::Or:
    case BinaryOp::Xor:
      if (a && b) return within(filled(std::max(*a, *b)), e->type);
      return std::nullopt;
    case BinaryOp::Shr:
      if (a && constRight && k >= 0 && k < 63) return *a >> k;
      return std::nullopt;
    case BinaryOp::Shl:
      if (a && constRight && k >= 0 && k < 62 && *a <= (maxOf(e->type) >> k)) return within(*a << k, e->type);
      return std::nullopt;
    case BinaryOp::Add:
      if (a && b && *a <= maxOf(e->type) - *b) return within(*a + *b, e->type);
      return std::nullopt;
    case BinaryOp::Mul:
      if (a && b && (*b == 0 || *a <= maxOf(e->type) / *b)) return within(*a * *b, e->type);
      return std::nullopt;
    case BinaryOp::Div:
      if (a && constRight && k > 0) return *a / k;
      return std::nullopt;
    case BinaryOp::Rem:
      if (a && constRight && k > 0) return std::min(*a, k - 1);
      // An unsigned remainder is below the divisor whatever the dividend (a signed one may be negative).
      if (constRight && k > 0 && !e->type.isSigned && !e->a->type.isSigned) return k - 1;
      return std::nullopt;
    case BinaryOp::Min:
      if (a && b) return std::min(*a, *b);
      return std::nullopt;
    case BinaryOp::Max:
      if (a && b) return std::max(*a, *b);
      return std::nullopt;
    default:
      if (isComparison(e->binaryOp) || isLogical(e->binaryOp)) return 1;
      return std::nullopt;
  }
}

}  // namespace bankcheck::ir
