#include "mapper/BoundedQuotients.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

namespace bankcheck::mapper {

namespace {
constexpr int64_t kLimit = int64_t{1} << 62;  // ranges stay far from int64 overflow

bool fitsType(const ValueRange& r, ir::IntType t) {
  if (t.bits == 1) return r.lo >= 0 && r.hi <= 1;
  if (t.bits >= 64) return t.isSigned || r.lo >= 0;
  const int64_t lo = t.isSigned ? -(int64_t{1} << (t.bits - 1)) : 0;
  const int64_t hi = t.isSigned ? (int64_t{1} << (t.bits - 1)) - 1 : (int64_t{1} << t.bits) - 1;
  return r.lo >= lo && r.hi <= hi;
}

std::optional<ValueRange> checked(int64_t a, int64_t b) {
  const int64_t lo = std::min(a, b), hi = std::max(a, b);
  if (lo <= -kLimit || hi >= kLimit) return std::nullopt;
  return ValueRange{lo, hi};
}

std::optional<ValueRange> product(const ValueRange& x, const ValueRange& y) {
  int64_t p[4];
  const int64_t xs[2] = {x.lo, x.hi}, ys[2] = {y.lo, y.hi};
  for (int i = 0; i < 4; ++i)
    if (__builtin_mul_overflow(xs[i / 2], ys[i % 2], &p[i])) return std::nullopt;
  const auto [lo, hi] = std::minmax({p[0], p[1], p[2], p[3]});
  return checked(lo, hi);
}

std::optional<ValueRange> rangeOfNode(const ir::Expr& e, const LeafRanges& leaves);

std::optional<ValueRange> rangeOfRef(const ir::ExprRef& e, const LeafRanges& leaves) {
  if (!e) return std::nullopt;
  std::optional<ValueRange> r = rangeOfNode(*e, leaves);
  if (r && !fitsType(*r, e->type)) return std::nullopt;  // it would wrap: not the arithmetic value
  return r;
}

std::optional<ValueRange> rangeOfNode(const ir::Expr& e, const LeafRanges& leaves) {
  switch (e.kind) {
    case ir::ExprKind::Const: return ValueRange{e.value, e.value};
    case ir::ExprKind::Builtin: {
      const int v = static_cast<int>(e.builtin);
      if (v <= 2) return ValueRange{0, leaves.blockDim[v] - 1};
      if (v >= 6 && v <= 8) return ValueRange{leaves.blockDim[v - 6], leaves.blockDim[v - 6]};
      return std::nullopt;
    }
    case ir::ExprKind::Symbol: return leaves.symbol ? leaves.symbol(e.symbol) : std::nullopt;
    case ir::ExprKind::Unknown: return std::nullopt;
    case ir::ExprKind::Cast: return rangeOfRef(e.a, leaves);
    case ir::ExprKind::Unary: {
      if (e.unaryOp == ir::UnaryOp::LogicalNot) return ValueRange{0, 1};
      const std::optional<ValueRange> a = rangeOfRef(e.a, leaves);
      if (!a || e.unaryOp != ir::UnaryOp::Neg) return std::nullopt;
      return checked(-a->hi, -a->lo);
    }
    case ir::ExprKind::Select: {
      const std::optional<ValueRange> b = rangeOfRef(e.b, leaves), c = rangeOfRef(e.c, leaves);
      if (!b || !c) return std::nullopt;
      return ValueRange{std::min(b->lo, c->lo), std::max(b->hi, c->hi)};
    }
    case ir::ExprKind::Binary: break;
  }
  if (ir::isComparison(e.binaryOp) || ir::isLogical(e.binaryOp)) return ValueRange{0, 1};
  const std::optional<ValueRange> a = rangeOfRef(e.a, leaves), b = rangeOfRef(e.b, leaves);
  if (!a || !b) return std::nullopt;
  switch (e.binaryOp) {
    case ir::BinaryOp::Add: return checked(a->lo + b->lo, a->hi + b->hi);
    case ir::BinaryOp::Sub: return checked(a->lo - b->hi, a->hi - b->lo);
    case ir::BinaryOp::Mul: return product(*a, *b);
    case ir::BinaryOp::Div:
      if (b->lo != b->hi || b->lo <= 0 || a->lo < 0) return std::nullopt;
      return ValueRange{a->lo / b->lo, a->hi / b->lo};
    case ir::BinaryOp::Rem:
      if (b->lo != b->hi || b->lo <= 0 || a->lo < 0) return std::nullopt;
      return a->hi < b->lo ? *a : ValueRange{0, b->lo - 1};
    case ir::BinaryOp::Shl:
      if (b->lo != b->hi || b->lo < 0 || b->lo >= 62) return std::nullopt;
      return product(*a, ValueRange{int64_t{1} << b->lo, int64_t{1} << b->lo});
    case ir::BinaryOp::Shr:
      if (b->lo != b->hi || b->lo < 0 || b->lo >= 63 || a->lo < 0) return std::nullopt;
      return ValueRange{a->lo >> b->lo, a->hi >> b->lo};
    case ir::BinaryOp::And:
      if (a->lo < 0 || b->lo < 0) return std::nullopt;
      return ValueRange{0, std::min(a->hi, b->hi)};
    case ir::BinaryOp::Min: return ValueRange{std::min(a->lo, b->lo), std::min(a->hi, b->hi)};
    case ir::BinaryOp::Max: return ValueRange{std::max(a->lo, b->lo), std::max(a->hi, b->hi)};
    default: return std::nullopt;
  }
}

// `coefficient * atom`, or the constant `coefficient` when atom is null.
struct Term {
  int64_t coefficient;
  ir::ExprRef atom;
};

// The sum `e` as terms, through +, -, negation, and multiplications and shifts by constants.
// A cast is looked through only where it keeps the value (its operand's range fits its type).
void linearTerms(const ir::ExprRef& e, int64_t scale, const LeafRanges& leaves, std::vector<Term>& out) {
  int64_t k = 0;
  const auto scaled = [&](int64_t factor, int64_t& to) { return !__builtin_mul_overflow(scale, factor, &to) && to > -kLimit && to < kLimit; };
  switch (e->kind) {
    case ir::ExprKind::Const: {
      int64_t c = 0;
      if (scaled(e->value, c)) return out.push_back({c, nullptr});
      break;
    }
    case ir::ExprKind::Cast:
      if (rangeOfRef(e->a, leaves) && rangeOfRef(e, leaves)) return linearTerms(e->a, scale, leaves, out);
      break;
    case ir::ExprKind::Unary:
      if (e->unaryOp == ir::UnaryOp::Neg) return linearTerms(e->a, -scale, leaves, out);
      break;
    case ir::ExprKind::Binary: {
      int64_t s = 0;
      switch (e->binaryOp) {
        case ir::BinaryOp::Add:
          linearTerms(e->a, scale, leaves, out);
          return linearTerms(e->b, scale, leaves, out);
        case ir::BinaryOp::Sub:
          linearTerms(e->a, scale, leaves, out);
          return linearTerms(e->b, -scale, leaves, out);
        case ir::BinaryOp::Mul:
          if (ir::isConst(e->b, &k) && scaled(k, s)) return linearTerms(e->a, s, leaves, out);
          if (ir::isConst(e->a, &k) && scaled(k, s)) return linearTerms(e->b, s, leaves, out);
          break;
        case ir::BinaryOp::Shl:
          if (ir::isConst(e->b, &k) && k >= 0 && k < 40 && scaled(int64_t{1} << k, s)) return linearTerms(e->a, s, leaves, out);
          break;
        default: break;
      }
      break;
    }
    default: break;
  }
  out.push_back({scale, e});
}

// The range of a sum of terms; nullopt when a term has none.
std::optional<ValueRange> rangeOfTerms(const std::vector<const Term*>& terms, const LeafRanges& leaves) {
  ValueRange sum{0, 0};
  for (const Term* t : terms) {
    std::optional<ValueRange> r = ValueRange{1, 1};
    if (t->atom) r = rangeOfRef(t->atom, leaves);
    if (r) r = product(*r, ValueRange{t->coefficient, t->coefficient});
    if (!r) return std::nullopt;
    const std::optional<ValueRange> next = checked(sum.lo + r->lo, sum.hi + r->hi);
    if (!next) return std::nullopt;
    sum = *next;
  }
  return sum;
}

// dividend / q with the terms below g dropped, or null when no g does it.
ir::ExprRef withoutBoundedTerms(const ir::ExprRef& dividend, int64_t q, ir::IntType type, const LeafRanges& leaves) {
  const std::optional<ValueRange> whole = rangeOfRef(dividend, leaves);
  if (!whole || whole->lo < 0) return nullptr;  // a negative dividend rounds toward zero, not down
  std::vector<Term> terms;
  linearTerms(dividend, 1, leaves, terms);
  std::vector<int64_t> candidates{q};
  for (const Term& t : terms) candidates.push_back(std::gcd(t.coefficient < 0 ? -t.coefficient : t.coefficient, q));
  std::sort(candidates.rbegin(), candidates.rend());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  for (const int64_t g : candidates) {
    if (g <= 1) break;
    std::vector<const Term*> kept, dropped;
    for (const Term& t : terms) (t.coefficient % g == 0 ? kept : dropped).push_back(&t);
    if (dropped.empty() && g != q) continue;  // nothing to drop and the division stays
    const std::optional<ValueRange> low = rangeOfTerms(dropped, leaves), high = rangeOfTerms(kept, leaves);
    if (!low || !high || low->lo < 0 || low->hi >= g || high->lo < 0) continue;
    // (g * A + R) / q == A / (q / g) when 0 <= R < g and A >= 0.
    ir::ExprRef sum = ir::makeConst(0, type);
    for (const Term* t : kept) {
      const ir::ExprRef part = t->atom ? ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(t->atom, type), ir::makeConst(t->coefficient / g, type), type)
                                       : ir::makeConst(t->coefficient / g, type);
      sum = ir::makeBinary(ir::BinaryOp::Add, sum, part, type);
    }
    return q == g ? sum : ir::makeBinary(ir::BinaryOp::Div, sum, ir::makeConst(q / g, type), type);
  }
  return nullptr;
}

ir::ExprRef dropBoundedTerms(const ir::ExprRef& e, const LeafRanges& leaves) {
  if (!e || !e->a) return e;
  const ir::ExprRef a = dropBoundedTerms(e->a, leaves);
  const ir::ExprRef b = dropBoundedTerms(e->b, leaves);
  const ir::ExprRef c = dropBoundedTerms(e->c, leaves);
  int64_t q = 0;
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Div && ir::isConst(b, &q) && q >= 2)
    if (ir::ExprRef simpler = withoutBoundedTerms(a, q, a->type, leaves)) return ir::makeCast(simpler, e->type);
  if (a == e->a && b == e->b && c == e->c) return e;
  switch (e->kind) {
    case ir::ExprKind::Unary: return ir::makeUnary(e->unaryOp, a, e->type);
    case ir::ExprKind::Cast: return ir::makeCast(a, e->type);
    case ir::ExprKind::Binary: return ir::makeBinary(e->binaryOp, a, b, e->type);
    case ir::ExprKind::Select: return ir::makeSelect(a, b, c, e->type);
    default: return e;
  }
}
}  // namespace

std::optional<ValueRange> rangeOf(const ir::ExprRef& e, const LeafRanges& leaves) { return rangeOfRef(e, leaves); }

bool hasConstantDivision(const ir::ExprRef& e) {
  if (!e || !e->a) return false;
  int64_t q = 0;
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Div && ir::isConst(e->b, &q) && q >= 2) return true;
  return hasConstantDivision(e->a) || hasConstantDivision(e->b) || hasConstantDivision(e->c);
}

ir::ExprRef dropBoundedTermsFromQuotients(const ir::ExprRef& e, const LeafRanges& leaves) {
  return hasConstantDivision(e) ? dropBoundedTerms(e, leaves) : e;
}

}  // namespace bankcheck::mapper
