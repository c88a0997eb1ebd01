#include "ir/KnownFactor.h"

#include <algorithm>
#include <limits>
#include <numeric>

#include "llvm/ADT/bit.h"

namespace bankcheck::ir {

namespace {
constexpr int64_t kCap = int64_t{1} << 30;

// A factor of the positive `v` (which fits in 63 bits) that is at most kCap: v itself when small
// enough, else its power-of-two part (kCap itself need not divide v).
int64_t capped(int64_t v) {
  if (v <= kCap) return v;
  return std::min(kCap, int64_t{1} << llvm::countr_zero(static_cast<uint64_t>(v)));
}
}  // namespace

int64_t knownFactor(const ExprRef& e) {
  if (!e) return 1;
  int64_t k = 0;
  switch (e->kind) {
    case ExprKind::Const:
      if (e->value == 0) return kCap;
      if (e->value == std::numeric_limits<int64_t>::min()) return kCap;
      return capped(e->value < 0 ? -e->value : e->value);
    case ExprKind::Cast: return e->type.bits >= e->a->type.bits ? knownFactor(e->a) : 1;
    case ExprKind::Unary: return e->unaryOp == UnaryOp::Neg ? knownFactor(e->a) : 1;
    case ExprKind::Select: return std::gcd(knownFactor(e->b), knownFactor(e->c));
    case ExprKind::Binary:
      switch (e->binaryOp) {
        case BinaryOp::Add:
        case BinaryOp::Sub: return std::gcd(knownFactor(e->a), knownFactor(e->b));
        case BinaryOp::Mul: return capped(knownFactor(e->a) * knownFactor(e->b));  // each at most 2^30
        case BinaryOp::Shl:
          return isConst(e->b, &k) && k >= 0 && k < 30 ? capped(knownFactor(e->a) << k) : knownFactor(e->a);
        case BinaryOp::Div:
        case BinaryOp::Shr: {
          // An exact division keeps the rest of the factor: (ty * 8) / 2 is a multiple of 4.
          if (!isConst(e->b, &k)) return 1;
          const int64_t divisor = e->binaryOp == BinaryOp::Div ? k : (k >= 0 && k < 30 ? int64_t{1} << k : 0);
          const int64_t fromX = knownFactor(e->a);
          return divisor > 0 && fromX % divisor == 0 ? std::max<int64_t>(1, fromX / divisor) : 1;
        }
        case BinaryOp::And: {
          // x & c keeps x's low zero bits and clears those below c's lowest set bit.
          if (!isConst(e->b, &k)) return 1;
          const int64_t fromX = knownFactor(e->a), fromMask = k == 0 ? kCap : int64_t{1} << llvm::countr_zero(static_cast<uint64_t>(k));
          return std::min(kCap, std::max(int64_t{1} << llvm::countr_zero(static_cast<uint64_t>(fromX)), fromMask));
        }
        case BinaryOp::Xor:
        case BinaryOp::Or: {
          // Both operands' low zero bits stay zero: tx * 8 ^ ((c & 1) << 2) is a multiple of 4.
          const int tz = static_cast<int>(std::min(llvm::countr_zero(static_cast<uint64_t>(knownFactor(e->a))),
                                                   llvm::countr_zero(static_cast<uint64_t>(knownFactor(e->b)))));
          return std::min(kCap, int64_t{1} << std::min(tz, 62));
        }
        default: return 1;
      }
    default: return 1;
  }
}

int log2Exact(int64_t v) { return v > 0 && llvm::has_single_bit(static_cast<uint64_t>(v)) ? llvm::countr_zero(static_cast<uint64_t>(v)) : -1; }

}  // namespace bankcheck::ir
