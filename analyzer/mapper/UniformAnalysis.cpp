#include "mapper/UniformAnalysis.h"

#include <cstdlib>
#include <limits>
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

bool dividesBy(const ir::ExprRef& e, int symbol, ir::BuiltinVar builtin) {
  if (!e) return false;
  if (e->kind == ir::ExprKind::Binary && (e->binaryOp == ir::BinaryOp::Div || e->binaryOp == ir::BinaryOp::Rem) &&
      contains(e->b, symbol, builtin))
    return true;
  return dividesBy(e->a, symbol, builtin) || dividesBy(e->b, symbol, builtin) || dividesBy(e->c, symbol, builtin);
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
      // Operands in which the value cancels out (`(c - n) ^ m` with c = x + n) do not depend on it.
      const auto independent = [](const UniformEffect& u) { return u.use == UniformUse::Absent || (u.use == UniformUse::Additive && u.coefficient == 0); };
      if (independent(linear(e->a, symbol, builtin)) && independent(linear(e->b, symbol, builtin))) return {UniformUse::Additive, 0};
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

int64_t gcdOf(int64_t a, int64_t b) { return std::gcd(a < 0 ? -a : a, b < 0 ? -b : b); }

// Lower bounds an expression's structure shows (overflow ignored: these are indices into shared
// memory): loop iterations and thread indices count from 0.
class SignFacts {
 public:
  explicit SignFacts(const WarpFacts& facts) : facts_(facts) {}

  // Whether `e` is never negative, as far as its structure shows (overflow ignored: these are
  // indices into shared memory).
  bool nonNegative(const ir::ExprRef& e) const {
    switch (e->kind) {
      case ir::ExprKind::Const: return e->value >= 0;
      case ir::ExprKind::Builtin: return true;
      case ir::ExprKind::Symbol:
        return !e->type.isSigned || (facts_.symbolNonNegative && facts_.symbolNonNegative(e->symbol));
      case ir::ExprKind::Unknown: return false;
      case ir::ExprKind::Cast:
        return !e->type.isSigned || (nonNegative(e->a) && e->type.bits >= e->a->type.bits);
      case ir::ExprKind::Unary: return e->unaryOp == ir::UnaryOp::LogicalNot;
      case ir::ExprKind::Select: return nonNegative(e->b) && nonNegative(e->c);
      case ir::ExprKind::Binary:
        switch (e->binaryOp) {
          case ir::BinaryOp::Add: case ir::BinaryOp::Mul: case ir::BinaryOp::Div: case ir::BinaryOp::Rem:
          case ir::BinaryOp::Shl: case ir::BinaryOp::Shr: case ir::BinaryOp::Or: case ir::BinaryOp::Xor:
          case ir::BinaryOp::Min:
            return nonNegative(e->a) && nonNegative(e->b);
          case ir::BinaryOp::And: case ir::BinaryOp::Max: return nonNegative(e->a) || nonNegative(e->b);
          case ir::BinaryOp::Sub: {  // `iteration + STAGES - 1`: a constant below the left side's least value
            int64_t k = 0;
            return ir::isConst(e->b, &k) && leastValue(e->a) >= k;
          }
          default: return true;  // comparisons and logical operators give 0 or 1
        }
    }
    return false;
  }

  // A lower bound of `e` from its structure (loop iterations and thread indices count from 0),
  // or INT64_MIN when none is seen.
  int64_t leastValue(const ir::ExprRef& e) const {
    constexpr int64_t kNone = std::numeric_limits<int64_t>::min();
    constexpr int64_t kLimit = int64_t{1} << 40;  // far from overflow
    int64_t k = 0;
    switch (e->kind) {
      case ir::ExprKind::Const: return std::abs(e->value) < kLimit ? e->value : kNone;
      case ir::ExprKind::Binary:
        if (e->binaryOp == ir::BinaryOp::Add) {
          const int64_t a = leastValue(e->a), b = leastValue(e->b);
          return a == kNone || b == kNone ? kNone : a + b;
        }
        if (e->binaryOp == ir::BinaryOp::Sub && ir::isConst(e->b, &k) && std::abs(k) < kLimit) {
          const int64_t a = leastValue(e->a);
          return a == kNone ? kNone : a - k;
        }
        return nonNegative(e) ? 0 : kNone;
      default: return nonNegative(e) ? 0 : kNone;
    }
  }

 private:
  const WarpFacts& facts_;
};

// The structural walk behind periodicity(): how the target (a symbol or a builtin) enters `e`.
class PeriodicWalk {
 public:
  PeriodicWalk(int symbol, ir::BuiltinVar builtin, const WarpFacts& facts, bool address)
      : symbol_(symbol), builtin_(builtin), facts_(facts), signs_(facts), address_(address) {}

  Periodicity walk(const ir::ExprRef& e) const {
    Periodicity p = structural(e);
    // In an address, a part the same in every lane of the warp only shifts them all (not so in
    // a condition, where it decides whether the access runs at all).
    if (!p.ok && address_ && !isTarget(*e, symbol_, builtin_) && warpUniform(e)) return {true, 1, 0, 1};
    return p;
  }

 private:
  int symbol_;
  ir::BuiltinVar builtin_;
  const WarpFacts& facts_;
  SignFacts signs_;
  bool address_;

  bool contains(const ir::ExprRef& e) const { return mapper::contains(e, symbol_, builtin_); }

  bool warpUniform(const ir::ExprRef& e) const { return mapper::warpUniform(e, facts_); }

  // (rest + k*q*u + m*q*V) / q == rest / q + k*u + m*V exactly when the division rounds down:
  // always for a right shift, and for `/` when the dividend cannot be negative.
  Periodicity divided(const Periodicity& l, int64_t q, bool roundsDown) const {
    if (q <= 0 || l.coefficient % q != 0 || l.opaqueShift % q != 0 || !roundsDown) return notOk();
    return {true, l.period, l.coefficient / q, l.opaqueShift / q};
  }

  // Whether every term of `e` that differs between the lanes of a warp is a multiple of q (the
  // rest may be anything the same in every lane).
  bool laneTermsMultipleOf(const ir::ExprRef& e, int64_t q) const {
    if (q == 1 || warpUniform(e)) return true;
    int64_t k = 0;
    switch (e->kind) {
      case ir::ExprKind::Cast: return e->type.bits >= e->a->type.bits && laneTermsMultipleOf(e->a, q);
      case ir::ExprKind::Binary:
        switch (e->binaryOp) {
          case ir::BinaryOp::Add:
          case ir::BinaryOp::Sub: return laneTermsMultipleOf(e->a, q) && laneTermsMultipleOf(e->b, q);
          case ir::BinaryOp::Mul:
            if (ir::isConst(e->b, &k) && k != 0) return laneTermsMultipleOf(e->a, q / gcdOf(q, k));
            if (ir::isConst(e->a, &k) && k != 0) return laneTermsMultipleOf(e->b, q / gcdOf(q, k));
            return false;
          case ir::BinaryOp::Shl:
            if (ir::isConst(e->b, &k) && k >= 0 && k < 62) return laneTermsMultipleOf(e->a, q / gcdOf(q, int64_t{1} << k));
            return false;
          default: return false;
        }
      default: return false;
    }
  }

  // (L + U) / q where every lane term of L is a multiple of q and U is the same in every lane:
  // when the division rounds down it is L / q plus a value the same in every lane, so in an
  // address the target (inside U) only shifts the warp (`(tx * 32 + y) / 32`, the row index a
  // padding adds: tx + y / 32 for y of any value).
  Periodicity splitOffLanes(const ir::ExprRef& dividend, const Periodicity& l, int64_t q, bool roundsDown) const {
    if (!address_ || !roundsDown || q <= 0 || !laneTermsMultipleOf(dividend, q)) return notOk();
    return {true, l.period, 0, 1};
  }

  Periodicity structural(const ir::ExprRef& e) const {
    if (!contains(e)) return {};
    if (isTarget(*e, symbol_, builtin_)) return {true, 1, 1, 0};
    int64_t k = 0;
    switch (e->kind) {
      case ir::ExprKind::Cast: {
        // A narrowing to 32 bits (`int g = lane * x128::size + c * 256` with a size_t size)
        // moves a lane by a multiple of 2^32 elements; in an address that stays inside shared
        // memory the lanes can only all move together, a whole-word shift of the warp. Any
        // narrowing of a value that only repeats (`(bool)(iteration & 1)`) repeats too.
        const Periodicity p = walk(e->a);
        if (e->type.bits >= e->a->type.bits || (address_ && e->type.bits >= 32)) return p;
        return p.ok && p.coefficient == 0 && p.opaqueShift == 0 ? p : notOk();
      }
      case ir::ExprKind::Unary: {
        Periodicity p = walk(e->a);
        if (e->unaryOp == ir::UnaryOp::Neg) p.coefficient = -p.coefficient;
        else if (p.coefficient != 0 || p.opaqueShift != 0) return notOk();
        return p;
      }
      case ir::ExprKind::Select: {
        Periodicity c = walk(e->a), t = walk(e->b), f = walk(e->c);
        if (!c.ok || !t.ok || !f.ok || c.coefficient || t.coefficient || f.coefficient || c.opaqueShift || t.opaqueShift ||
            f.opaqueShift)
          return notOk();
        return {true, lcm(lcm(c.period, t.period), f.period), 0, 0};
      }
      case ir::ExprKind::Binary: {
        const ir::BinaryOp op = e->binaryOp;
        Periodicity l = walk(e->a), r = walk(e->b);
        if (!l.ok || !r.ok) return notOk();
        if (op == ir::BinaryOp::Add || op == ir::BinaryOp::Sub)
          return {true, lcm(l.period, r.period), l.coefficient + (op == ir::BinaryOp::Add ? r.coefficient : -r.coefficient),
                  gcdOf(l.opaqueShift, r.opaqueShift)};
        if (op == ir::BinaryOp::Mul && ir::isConst(e->b, &k)) return {true, l.period, l.coefficient * k, l.opaqueShift * k};
        if (op == ir::BinaryOp::Mul && ir::isConst(e->a, &k)) return {true, r.period, r.coefficient * k, r.opaqueShift * k};
        if (op == ir::BinaryOp::Shl && ir::isConst(e->b, &k) && k >= 0 && k < 40)
          return {true, l.period, l.coefficient << k, l.opaqueShift << k};
        if (op == ir::BinaryOp::Shr && ir::isConst(e->b, &k) && k >= 0 && k < 40 && !contains(e->b)) {
          const Periodicity d = divided(l, int64_t{1} << k, true);
          return d.ok ? d : splitOffLanes(e->a, l, int64_t{1} << k, true);
        }
        if (op == ir::BinaryOp::Div && ir::isConst(e->b, &k) && !contains(e->b) && (l.coefficient || l.opaqueShift)) {
          const bool roundsDown = !e->a->type.isSigned || signs_.nonNegative(e->a);
          const Periodicity d = divided(l, k, roundsDown);
          return d.ok ? d : splitOffLanes(e->a, l, k, roundsDown);
        }
        // x & (2^k - 1) and x % 2^k only see x mod 2^k; x % m too, for any m, when x is never
        // negative (a ring-buffer slot `iteration % 3`). A shift of x by an unknown multiple of m
        // (a stage chosen at run time, times a stage size of whole 32-byte units, in wmma's
        // alignment check `(base % 32) == 0`) does not change x mod m.
        const bool mask = op == ir::BinaryOp::And && ir::isConst(e->b, &k) && isPowerOfTwo(k + 1);
        const bool mod = op == ir::BinaryOp::Rem && ir::isConst(e->b, &k) && k > 0 && (isPowerOfTwo(k) || signs_.nonNegative(e->a));
        const int64_t m = mask ? k + 1 : k;
        if ((mask || mod) && l.opaqueShift % m == 0) {
          const int64_t c = l.coefficient < 0 ? -l.coefficient : l.coefficient;
          return {true, lcm(l.period, c == 0 ? 1 : m / std::gcd(c, m)), 0, 0};
        }
        // Anything else is periodic only when neither side grows with the value.
        if (l.coefficient || r.coefficient || l.opaqueShift || r.opaqueShift) return notOk();
        return {true, lcm(l.period, r.period), 0, 0};
      }
      default: return notOk();
    }
  }
};

Periodicity finish(Periodicity p, int64_t unit) {
  p.unit = unit;
  if (p.ok && (p.period > kMaxPeriod || p.opaqueShift % unit != 0)) p.ok = false;
  return p;
}
}  // namespace

int64_t Periodicity::enumerationCount() const {
  return lcm(period, residuesNeeded(coefficient, unit));
}

Periodicity periodicity(const ir::ExprRef& e, int symbol, const WarpFacts& facts, int64_t unit) {
  return finish(PeriodicWalk(symbol, ir::BuiltinVar::ThreadIdxX, facts, true).walk(e), unit);
}

Periodicity conditionPeriodicity(const ir::ExprRef& e, int symbol, const WarpFacts& facts) {
  return finish(PeriodicWalk(symbol, ir::BuiltinVar::ThreadIdxX, facts, false).walk(e), 4);
}

Periodicity builtinPeriodicity(const ir::ExprRef& e, ir::BuiltinVar builtin, const WarpFacts& facts, int64_t unit) {
  return finish(PeriodicWalk(-1, builtin, facts, true).walk(e), unit);
}

bool divides(const ir::ExprRef& e, int symbol) { return dividesBy(e, symbol, ir::BuiltinVar::ThreadIdxX); }

bool builtinDivides(const ir::ExprRef& e, ir::BuiltinVar builtin) { return dividesBy(e, -1, builtin); }

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

int64_t residuesNeeded(int64_t coefficient, int64_t unit) {
  const int64_t g = std::gcd(coefficient < 0 ? -coefficient : coefficient, unit);
  return g == 0 ? 1 : unit / g;
}

bool provablyNonNegative(const ir::ExprRef& e, const WarpFacts& facts) { return SignFacts(facts).nonNegative(e); }

bool warpUniform(const ir::ExprRef& e, const WarpFacts& facts) {
  if (!e || !e->lanesVary()) return true;  // no thread index and no unknown below
  switch (e->kind) {
    case ir::ExprKind::Builtin: {
      const int v = static_cast<int>(e->builtin);
      return v > 2 || !facts.threadIdxVaries[v];
    }
    case ir::ExprKind::Unknown: return false;
    default: return warpUniform(e->a, facts) && warpUniform(e->b, facts) && warpUniform(e->c, facts);
  }
}

std::function<bool(int)> loopIterationsNonNegative(const ir::KernelInstance& kernel) {
  return [&kernel](int id) { return kernel.symbols[static_cast<size_t>(id)].kind == ir::SymbolKind::LoopIteration; };
}

}  // namespace bankcheck::mapper
