#include "mapper/UniformAnalysis.h"

#include <numeric>

#include "llvm/Support/MathExtras.h"

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

namespace {
constexpr int64_t kMaxPeriod = 4096;

int64_t lcm(int64_t a, int64_t b) {
  const int64_t l = a / std::gcd(a, b) * b;
  return l > kMaxPeriod ? kMaxPeriod + 1 : l;
}

bool isPowerOfTwo(int64_t v) { return v > 0 && llvm::isPowerOf2_64(static_cast<uint64_t>(v)); }

Periodicity notOk() {
  Periodicity p;
  p.ok = false;
  return p;
}

Periodicity periodic(const ir::ExprRef& e, int symbol, ir::BuiltinVar builtin) {
  if (!contains(e, symbol, builtin)) return {};
  if (isTarget(*e, symbol, builtin)) return {true, 1, 1};
  int64_t k = 0;
  switch (e->kind) {
    case ir::ExprKind::Cast:
      return e->type.bits >= e->a->type.bits ? periodic(e->a, symbol, builtin) : notOk();
    case ir::ExprKind::Unary: {
      Periodicity p = periodic(e->a, symbol, builtin);
      if (e->unaryOp == ir::UnaryOp::Neg) p.coefficient = -p.coefficient;
      else if (p.coefficient != 0) return notOk();
      return p;
    }
    case ir::ExprKind::Select: {
      Periodicity c = periodic(e->a, symbol, builtin), t = periodic(e->b, symbol, builtin), f = periodic(e->c, symbol, builtin);
      if (!c.ok || !t.ok || !f.ok || c.coefficient || t.coefficient || f.coefficient) return notOk();
      return {true, lcm(lcm(c.period, t.period), f.period), 0};
    }
    case ir::ExprKind::Binary: {
      const ir::BinaryOp op = e->binaryOp;
      Periodicity l = periodic(e->a, symbol, builtin), r = periodic(e->b, symbol, builtin);
      if (!l.ok || !r.ok) return notOk();
      if (op == ir::BinaryOp::Add || op == ir::BinaryOp::Sub)
        return {true, lcm(l.period, r.period), l.coefficient + (op == ir::BinaryOp::Add ? r.coefficient : -r.coefficient)};
      if (op == ir::BinaryOp::Mul && ir::isConst(e->b, &k)) return {true, l.period, l.coefficient * k};
      if (op == ir::BinaryOp::Mul && ir::isConst(e->a, &k)) return {true, r.period, r.coefficient * k};
      if (op == ir::BinaryOp::Shl && ir::isConst(e->b, &k) && k >= 0 && k < 40) return {true, l.period, l.coefficient << k};
      // x & (2^k - 1) and x % 2^k only see x mod 2^k.
      const bool mask = op == ir::BinaryOp::And && ir::isConst(e->b, &k) && isPowerOfTwo(k + 1);
      const bool mod = op == ir::BinaryOp::Rem && ir::isConst(e->b, &k) && isPowerOfTwo(k);
      if (mask || mod) {
        const int64_t m = mask ? k + 1 : k;
        const int64_t c = l.coefficient < 0 ? -l.coefficient : l.coefficient;
        return {true, lcm(l.period, c == 0 ? 1 : m / std::gcd(c, m)), 0};
      }
      // Anything else is periodic only when neither side grows with the value.
      if (l.coefficient || r.coefficient) return notOk();
      return {true, lcm(l.period, r.period), 0};
    }
    default: return notOk();
  }
}
}  // namespace

int64_t Periodicity::enumerationCount() const {
  return lcm(period, residuesNeeded(coefficient));
}

Periodicity periodicity(const ir::ExprRef& e, int symbol) {
  Periodicity p = periodic(e, symbol, ir::BuiltinVar::ThreadIdxX);
  if (p.ok && p.period > kMaxPeriod) p.ok = false;
  return p;
}

Periodicity builtinPeriodicity(const ir::ExprRef& e, ir::BuiltinVar builtin) {
  Periodicity p = periodic(e, -1, builtin);
  if (p.ok && p.period > kMaxPeriod) p.ok = false;
  return p;
}

Periodicity combine(const Periodicity& a, const Periodicity& b) {
  if (!a.ok || !b.ok) return notOk();
  // Two expressions of the same value: every pattern of both appears within the lcm of their
  // counts.
  Periodicity p;
  p.period = lcm(a.enumerationCount(), b.enumerationCount());
  p.ok = p.period <= kMaxPeriod;
  return p;
}

UniformEffect uniformEffect(const ir::ExprRef& e, int symbol) { return linear(e, symbol, ir::BuiltinVar::ThreadIdxX); }

UniformEffect builtinEffect(const ir::ExprRef& e, ir::BuiltinVar builtin) { return linear(e, -1, builtin); }

int64_t residuesNeeded(int64_t coefficient) {
  const int64_t g = std::gcd(coefficient < 0 ? -coefficient : coefficient, int64_t{4});
  return g == 0 ? 1 : 4 / g;
}

}  // namespace bankcheck::mapper
