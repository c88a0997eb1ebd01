#include "mapper/SumTerms.h"

#include <optional>
#include <vector>

namespace bankcheck::mapper {

namespace {

// A widening cast keeps every value of its operand.
bool widens(const ir::Expr& cast) {
  const ir::IntType from = cast.a->type, to = cast.type;
  return to.bits > from.bits && (to.isSigned || !from.isSigned);
}

// `coefficient * atom`.
struct Term {
  int64_t coefficient;
  ir::ExprRef atom;
};

// The sum as terms, through +, -, negation and products and shifts by constants, in the sum's own
// type (a cast stops the split: it is kept inside its term).
void splitSum(const ir::ExprRef& e, int64_t scale, std::vector<Term>& out) {
  int64_t k = 0, s = 0;
  if (e->kind == ir::ExprKind::Binary) {
    switch (e->binaryOp) {
      case ir::BinaryOp::Add:
        splitSum(e->a, scale, out);
        return splitSum(e->b, scale, out);
      case ir::BinaryOp::Sub:
        splitSum(e->a, scale, out);
        return splitSum(e->b, -scale, out);
      case ir::BinaryOp::Mul:
        if (ir::isConst(e->b, &k) && !__builtin_mul_overflow(scale, k, &s)) return splitSum(e->a, s, out);
        if (ir::isConst(e->a, &k) && !__builtin_mul_overflow(scale, k, &s)) return splitSum(e->b, s, out);
        break;
      case ir::BinaryOp::Shl:
        if (ir::isConst(e->b, &k) && k >= 0 && k < 40 && !__builtin_mul_overflow(scale, int64_t{1} << k, &s))
          return splitSum(e->a, s, out);
        break;
      default: break;
    }
  } else if (e->kind == ir::ExprKind::Unary && e->unaryOp == ir::UnaryOp::Neg) {
    return splitSum(e->a, -scale, out);
  }
  out.push_back({scale, e});
}

// The atom below its widening casts.
const ir::ExprRef& core(const ir::ExprRef& atom) {
  const ir::ExprRef* e = &atom;
  while ((*e)->kind == ir::ExprKind::Cast && widens(**e)) e = &(*e)->a;
  return *e;
}

bool isBinary(const ir::ExprRef& e, ir::BinaryOp op) { return e && e->kind == ir::ExprKind::Binary && e->binaryOp == op; }

// x when `product` is (x / h) * h (either order) and `remainder` is x % h, all in one type.
ir::ExprRef recombined(const ir::ExprRef& product, const ir::ExprRef& remainder) {
  if (!isBinary(product, ir::BinaryOp::Mul) || !isBinary(remainder, ir::BinaryOp::Rem) || product->type != remainder->type)
    return nullptr;
  for (const auto& [quotient, divisor] : {std::pair{product->a, product->b}, std::pair{product->b, product->a}})
    if (isBinary(quotient, ir::BinaryOp::Div) && quotient->type == product->type && quotient->a->type == product->type &&
        ir::sameTree(quotient->b, divisor) && ir::sameTree(remainder->b, divisor) && ir::sameTree(quotient->a, remainder->a))
      return quotient->a;
  return nullptr;
}

// Every sum in `e`, in its own type (below casts too), with its equal terms merged and its pairs
// recombined; `e` itself when nothing changes. Other operations are not looked into.
ir::ExprRef rewrite(const ir::ExprRef& e) {
  if (!e || e->kind == ir::ExprKind::Unknown) return e;
  if (e->kind == ir::ExprKind::Cast) {
    const ir::ExprRef a = rewrite(e->a);
    return a == e->a ? e : ir::makeCast(a, e->type);
  }
  const bool sum = (e->kind == ir::ExprKind::Binary && (e->binaryOp == ir::BinaryOp::Add || e->binaryOp == ir::BinaryOp::Sub ||
                                                       e->binaryOp == ir::BinaryOp::Mul || e->binaryOp == ir::BinaryOp::Shl)) ||
                   (e->kind == ir::ExprKind::Unary && e->unaryOp == ir::UnaryOp::Neg);
  if (!sum) return e;
  std::vector<Term> terms;
  splitSum(e, 1, terms);
  bool changed = false;
  for (Term& t : terms)
    if (t.atom != e) {  // an atom below: its own sums first
      const ir::ExprRef a = rewrite(t.atom);
      changed |= a != t.atom;
      t.atom = a;
    }
  // Equal terms merged: a value added and taken away cancels.
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!terms[i].atom) continue;
    for (size_t j = i + 1; j < terms.size(); ++j) {
      int64_t merged = 0;
      if (!terms[j].atom || !ir::sameTree(terms[i].atom, terms[j].atom) ||
          __builtin_add_overflow(terms[i].coefficient, terms[j].coefficient, &merged))
        continue;
      terms[i].coefficient = merged;
      terms[j].atom = nullptr;
      changed = true;
    }
    if (terms[i].coefficient == 0) terms[i].atom = nullptr;
  }
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!terms[i].atom || !isBinary(core(terms[i].atom), ir::BinaryOp::Mul)) continue;
    for (size_t j = 0; j < terms.size(); ++j) {
      if (j == i || !terms[j].atom || terms[j].coefficient != terms[i].coefficient) continue;
      if (ir::ExprRef x = recombined(core(terms[i].atom), core(terms[j].atom))) {
        terms[i].atom = ir::makeCast(x, terms[i].atom->type);  // the product's widening, on x
        terms[j].atom = nullptr;
        changed = true;
        break;
      }
    }
  }
  if (!changed) return e;
  ir::ExprRef out;
  for (const Term& t : terms) {
    if (!t.atom) continue;
    const ir::ExprRef term = ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(t.atom, e->type), ir::makeConst(t.coefficient, e->type), e->type);
    out = out ? ir::makeBinary(ir::BinaryOp::Add, out, term, e->type) : term;
  }
  return out ? out : ir::makeConst(0, e->type);
}

}  // namespace

ir::ExprRef simplifySums(const ir::ExprRef& e) { return rewrite(e); }

}  // namespace bankcheck::mapper
