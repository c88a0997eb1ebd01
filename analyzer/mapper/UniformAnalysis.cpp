#include "mapper/UniformAnalysis.h"

#include <numeric>

namespace bankcheck::mapper {

namespace {
using Match = bool (*)(const ir::Expr&, int, ir::BuiltinVar);

bool isTarget(const ir::Expr& e, int symbol, ir::BuiltinVar builtin) {
  if (symbol >= 0) return e.kind == ir::ExprKind::Symbol && e.symbol == symbol;
  return e.kind == ir::ExprKind::Builtin && e.builtin == builtin;
}

bool contains(const ir::ExprRef& e, int symbol, ir::BuiltinVar builtin) {
  if (!e) return false;
  if (isTarget(*e, symbol, builtin)) return true;
  return contains(e->a, symbol, builtin) || contains(e->b, symbol, builtin) || contains(e->c, symbol, builtin);
}

// Linear coefficient of the target in `e`, if `e` is linear in it through +, -, negation,
// multiplication and left shift by constants, and widening (or same-width) casts.
UniformEffect linear(const ir::ExprRef& e, int symbol, ir::BuiltinVar builtin) {
  if (!contains(e, symbol, builtin)) return {UniformUse::Absent, 0};
  if (isTarget(*e, symbol, builtin)) return {UniformUse::Additive, 1};
  int64_t k = 0;
  switch (e->kind) {
    case ir::ExprKind::Cast:
      if (e->type.bits >= e->a->type.bits && e->a->type.bits >= 32) return linear(e->a, symbol, builtin);
      return {UniformUse::Other, 0};
    case ir::ExprKind::Unary:
      if (e->unaryOp == ir::UnaryOp::Neg) {
        UniformEffect inner = linear(e->a, symbol, builtin);
        if (inner.use == UniformUse::Additive) inner.coefficient = -inner.coefficient;
        return inner;
      }
      return {UniformUse::Other, 0};
    case ir::ExprKind::Binary: {
      const ir::BinaryOp op = e->binaryOp;
      if (op == ir::BinaryOp::Add || op == ir::BinaryOp::Sub) {
        UniformEffect l = linear(e->a, symbol, builtin), r = linear(e->b, symbol, builtin);
        if (l.use == UniformUse::Other || r.use == UniformUse::Other) return {UniformUse::Other, 0};
        int64_t c = l.coefficient + (op == ir::BinaryOp::Add ? r.coefficient : -r.coefficient);
        return {UniformUse::Additive, c};
      }
      if (op == ir::BinaryOp::Mul) {
        if (ir::isConst(e->b, &k)) {
          UniformEffect l = linear(e->a, symbol, builtin);
          if (l.use == UniformUse::Additive) l.coefficient *= k;
          return l;
        }
        if (ir::isConst(e->a, &k)) {
          UniformEffect r = linear(e->b, symbol, builtin);
          if (r.use == UniformUse::Additive) r.coefficient *= k;
          return r;
        }
        return {UniformUse::Other, 0};
      }
      if (op == ir::BinaryOp::Shl && ir::isConst(e->b, &k) && k >= 0 && k < 62) {
        UniformEffect l = linear(e->a, symbol, builtin);
        if (l.use == UniformUse::Additive) l.coefficient <<= k;
        return l;
      }
      return {UniformUse::Other, 0};
    }
    default:
      return {UniformUse::Other, 0};
  }
}
}  // namespace

UniformEffect uniformEffect(const ir::ExprRef& e, int symbol) { return linear(e, symbol, ir::BuiltinVar::ThreadIdxX); }

UniformEffect builtinEffect(const ir::ExprRef& e, ir::BuiltinVar builtin) { return linear(e, -1, builtin); }

int64_t residuesNeeded(int64_t coefficient) {
  const int64_t g = std::gcd(coefficient < 0 ? -coefficient : coefficient, int64_t{4});
  return g == 0 ? 1 : 4 / g;
}

}  // namespace bankcheck::mapper
