#include "mapper/SwizzleTerms.h"

#include <utility>
#include <vector>

#include "ir/KnownFactor.h"

namespace bankcheck::mapper {

namespace {
const ir::IntType kInt64 = ir::IntType::int64();

// `e` without integer casts to 32 bits or more (they keep every bit the swizzle reads).
const ir::ExprRef& throughCasts(const ir::ExprRef& e) {
  return e->kind == ir::ExprKind::Cast && e->type.bits >= 32 && e->a->type.bits >= 32 ? throughCasts(e->a) : e;
}

bool binaryWithConst(const ir::ExprRef& e, ir::BinaryOp op, ir::ExprRef& operand, int64_t& c) {
  const ir::ExprRef& x = throughCasts(e);
  if (x->kind != ir::ExprKind::Binary || x->binaryOp != op || !ir::isConst(x->b, &c)) return false;
  operand = x->a;
  return true;
}

// The additive terms of `e` times `factor`, through casts and products of a sum with a constant
// (`(stage * 2048 + col) * 2`), each with whether it is subtracted. Summed in 64 bits they differ
// from 32-bit arithmetic as written by a multiple of 2^32 at most.
void splitTerms(const ir::ExprRef& e, int64_t factor, bool negated, std::vector<std::pair<ir::ExprRef, bool>>& out) {
  const ir::ExprRef& x = throughCasts(e);
  int64_t c = 0;
  if (x->kind == ir::ExprKind::Binary && x->type.bits >= 32) {
    if (x->binaryOp == ir::BinaryOp::Add || x->binaryOp == ir::BinaryOp::Sub) {
      splitTerms(x->a, factor, negated, out);
      splitTerms(x->b, factor, x->binaryOp == ir::BinaryOp::Sub ? !negated : negated, out);
      return;
    }
    if (x->binaryOp == ir::BinaryOp::Mul && ir::isConst(x->b, &c) && c > 0 && c < (int64_t{1} << 20))
      return splitTerms(x->a, factor * c, negated, out);
    if (x->binaryOp == ir::BinaryOp::Mul && ir::isConst(x->a, &c) && c > 0 && c < (int64_t{1} << 20))
      return splitTerms(x->b, factor * c, negated, out);
  }
  const ir::ExprRef t = ir::makeCast(x, kInt64);
  out.emplace_back(factor == 1 ? t : ir::makeBinary(ir::BinaryOp::Mul, t, ir::makeConst(factor, kInt64), kInt64), negated);
}

// `o ^ (((o >> s) & m) << h)` as written: o, and the swizzle's parameters.
bool matchSwizzle(const ir::Expr& x, ir::ExprRef& o, int& shift, int& bits, int& source) {
  if (x.kind != ir::ExprKind::Binary || x.binaryOp != ir::BinaryOp::Xor) return false;
  for (int side = 0; side < 2; ++side) {
    const ir::ExprRef& value = side == 0 ? x.a : x.b;
    ir::ExprRef part = side == 0 ? x.b : x.a, inner;
    int64_t h = 0, m = 0, s = 0;
    if (!binaryWithConst(part, ir::BinaryOp::Shl, inner, h)) inner = part;
    ir::ExprRef shifted;
    if (!binaryWithConst(inner, ir::BinaryOp::And, shifted, m) || m <= 0 || m >= (int64_t{1} << 40) || ir::log2Exact(m + 1) < 0) continue;
    ir::ExprRef read;
    if (!binaryWithConst(shifted, ir::BinaryOp::Shr, read, s)) read = shifted;
    const int b = ir::log2Exact(m + 1);
    if (h < 0 || s < 0 || s + b > 40 || h + b > s) continue;
    if (ir::toString(throughCasts(read)) != ir::toString(throughCasts(value))) continue;
    o = value;
    shift = static_cast<int>(h);
    bits = b;
    source = static_cast<int>(s);
    return true;
  }
  return false;
}

bool containsXor(const ir::ExprRef& e) {
  if (!e) return false;
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Xor) return true;
  return containsXor(e->a) || containsXor(e->b) || containsXor(e->c);
}

ir::ExprRef hoist(const ir::ExprRef& e) {
  if (!e || !containsXor(e)) return e;
  ir::ExprRef o;
  int shift = 0, bits = 0, source = 0;
  if (matchSwizzle(*e, o, shift, bits, source)) {
    const int64_t period = int64_t{1} << (source + bits);
    std::vector<std::pair<ir::ExprRef, bool>> terms;
    splitTerms(o, 1, false, terms);
    ir::ExprRef outside, inside = ir::makeConst(0, kInt64);
    for (const auto& [term, subtracted] : terms) {
      const ir::ExprFeatures f = ir::featuresOf(term);
      const bool uniform = !f.dependsOnLanes() && !f.unknown && (f.blockIdx || !f.symbols.empty());
      ir::ExprRef& sum = uniform && ir::knownFactor(term) % period == 0 ? outside : inside;
      if (!sum) sum = ir::makeConst(0, kInt64);
      sum = ir::makeBinary(subtracted ? ir::BinaryOp::Sub : ir::BinaryOp::Add, sum, term, kInt64);
    }
    if (outside) return ir::makeBinary(ir::BinaryOp::Add, outside, swizzleExpr(hoist(inside), shift, bits, source), kInt64);
  }
  if (e->kind == ir::ExprKind::Binary) return ir::makeBinary(e->binaryOp, hoist(e->a), hoist(e->b), e->type);
  if (e->kind == ir::ExprKind::Cast) return ir::makeCast(hoist(e->a), e->type);
  if (e->kind == ir::ExprKind::Select) return ir::makeSelect(hoist(e->a), hoist(e->b), hoist(e->c), e->type);
  if (e->kind == ir::ExprKind::Unary) return ir::makeUnary(e->unaryOp, hoist(e->a), e->type);
  return e;
}
}  // namespace

ir::ExprRef swizzleExpr(const ir::ExprRef& o, int shift, int bits, int source) {
  const ir::ExprRef v = ir::makeCast(o, kInt64);
  ir::ExprRef m = source ? ir::makeBinary(ir::BinaryOp::Shr, v, ir::makeConst(source, kInt64), kInt64) : v;
  m = ir::makeBinary(ir::BinaryOp::And, m, ir::makeConst((int64_t{1} << bits) - 1, kInt64), kInt64);
  if (shift) m = ir::makeBinary(ir::BinaryOp::Shl, m, ir::makeConst(shift, kInt64), kInt64);
  return ir::makeBinary(ir::BinaryOp::Xor, v, m, kInt64);
}

ir::ExprRef hoistUniformTermsOutOfSwizzles(const ir::ExprRef& e) { return hoist(e); }

}  // namespace bankcheck::mapper
