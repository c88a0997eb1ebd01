#include "ir/IntSemantics.h"

namespace bankcheck::ir {

namespace {
// Values of unsigned types are kept non-negative after wrapping, except 64-bit ones, which are
// reinterpreted as uint64_t here.
uint64_t asUnsigned(int64_t v) { return static_cast<uint64_t>(v); }
}  // namespace

int64_t applyBinary(BinaryOp op, int64_t a, int64_t b, IntType operandType, IntType resultType,
                    EvalStatus& status) {
  const bool uns = !operandType.isSigned;
  int64_t r = 0;
  switch (op) {
    case BinaryOp::Add: r = static_cast<int64_t>(asUnsigned(a) + asUnsigned(b)); break;
    case BinaryOp::Sub: r = static_cast<int64_t>(asUnsigned(a) - asUnsigned(b)); break;
    case BinaryOp::Mul: r = static_cast<int64_t>(asUnsigned(a) * asUnsigned(b)); break;
    case BinaryOp::Div:
    case BinaryOp::Rem:
      if (b == 0) { status = EvalStatus::DivByZero; return 0; }
      if (uns && operandType.bits >= 64) {
        r = static_cast<int64_t>(op == BinaryOp::Div ? asUnsigned(a) / asUnsigned(b)
                                                     : asUnsigned(a) % asUnsigned(b));
      } else if (!uns && a == INT64_MIN && b == -1) {
        r = op == BinaryOp::Div ? a : 0;  // wraps like the hardware; C++ calls it UB
      } else {
        r = op == BinaryOp::Div ? a / b : a % b;  // C++ truncates toward zero
      }
      break;
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
      if (b < 0 || b >= operandType.bits) { status = EvalStatus::BadShift; return 0; }
      if (op == BinaryOp::Shl) r = static_cast<int64_t>(asUnsigned(a) << b);
      else if (uns) r = static_cast<int64_t>(asUnsigned(a) >> b);
      else r = a >> b;  // arithmetic shift for signed operands
      break;
    }
    case BinaryOp::And: r = a & b; break;
    case BinaryOp::Or: r = a | b; break;
    case BinaryOp::Xor: r = a ^ b; break;
    case BinaryOp::LT: r = uns ? asUnsigned(a) < asUnsigned(b) : a < b; break;
    case BinaryOp::GT: r = uns ? asUnsigned(a) > asUnsigned(b) : a > b; break;
    case BinaryOp::LE: r = uns ? asUnsigned(a) <= asUnsigned(b) : a <= b; break;
    case BinaryOp::GE: r = uns ? asUnsigned(a) >= asUnsigned(b) : a >= b; break;
    case BinaryOp::EQ: r = a == b; break;
    case BinaryOp::NE: r = a != b; break;
    case BinaryOp::LogicalAnd: r = (a != 0) && (b != 0); break;
    case BinaryOp::LogicalOr: r = (a != 0) || (b != 0); break;
    case BinaryOp::Min: r = (uns ? asUnsigned(a) < asUnsigned(b) : a < b) ? a : b; break;
    case BinaryOp::Max: r = (uns ? asUnsigned(a) > asUnsigned(b) : a > b) ? a : b; break;
  }
  return wrapToType(r, resultType);
}

int64_t applyUnary(UnaryOp op, int64_t a, IntType type) {
  switch (op) {
    case UnaryOp::Neg: return wrapToType(static_cast<int64_t>(0 - asUnsigned(a)), type);
    case UnaryOp::BitNot: return wrapToType(~a, type);
    case UnaryOp::LogicalNot: return a == 0;
  }
  return 0;
}

}  // namespace bankcheck::ir
