#include "mapper/LaneEvaluator.h"

#include <algorithm>

#include "ir/IntSemantics.h"
#include "llvm/ADT/SmallVector.h"

namespace bankcheck::mapper {

namespace {
void fill(Lanes& v, int64_t x) { v.fill(x); }

// Wraps every lane to `t`, with loops the compiler vectorizes for the common widths.
void wrapLanes(Lanes& v, ir::IntType t) {
  if (t.bits >= 64) return;
  if (t.bits == 32) {
    if (t.isSigned) for (int l = 0; l < kWarpSize; ++l) v[l] = static_cast<int32_t>(v[l]);
    else for (int l = 0; l < kWarpSize; ++l) v[l] = static_cast<uint32_t>(v[l]);
    return;
  }
  for (int l = 0; l < kWarpSize; ++l) v[l] = ir::wrapToType(v[l], t);
}

// The common operators lane by lane without a per-lane dispatch: wrap-around arithmetic in the
// operands' type, as ir::applyBinary computes it. False when `op` needs the general path.
bool fastBinary(ir::BinaryOp op, Lanes& a, const Lanes& b, ir::IntType resultType) {
  switch (op) {
    case ir::BinaryOp::Add: for (int l = 0; l < kWarpSize; ++l) a[l] = static_cast<int64_t>(static_cast<uint64_t>(a[l]) + static_cast<uint64_t>(b[l])); break;
    case ir::BinaryOp::Sub: for (int l = 0; l < kWarpSize; ++l) a[l] = static_cast<int64_t>(static_cast<uint64_t>(a[l]) - static_cast<uint64_t>(b[l])); break;
    case ir::BinaryOp::Mul: for (int l = 0; l < kWarpSize; ++l) a[l] = static_cast<int64_t>(static_cast<uint64_t>(a[l]) * static_cast<uint64_t>(b[l])); break;
    case ir::BinaryOp::And: for (int l = 0; l < kWarpSize; ++l) a[l] &= b[l]; break;
    case ir::BinaryOp::Or: for (int l = 0; l < kWarpSize; ++l) a[l] |= b[l]; break;
    case ir::BinaryOp::Xor: for (int l = 0; l < kWarpSize; ++l) a[l] ^= b[l]; break;
    case ir::BinaryOp::EQ: for (int l = 0; l < kWarpSize; ++l) a[l] = a[l] == b[l]; return true;
    case ir::BinaryOp::NE: for (int l = 0; l < kWarpSize; ++l) a[l] = a[l] != b[l]; return true;
    default: return false;
  }
  wrapLanes(a, resultType);
  return true;
}

// Comparisons, and division, remainder and shifts whose right side is valid in every lane.
bool fastCompareOrDivide(ir::BinaryOp op, Lanes& a, const Lanes& b, ir::IntType operandType, ir::IntType resultType) {
  const bool uns = !operandType.isSigned;
  auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  switch (op) {
    case ir::BinaryOp::LT: for (int l = 0; l < kWarpSize; ++l) a[l] = uns ? u(a[l]) < u(b[l]) : a[l] < b[l]; return true;
    case ir::BinaryOp::GT: for (int l = 0; l < kWarpSize; ++l) a[l] = uns ? u(a[l]) > u(b[l]) : a[l] > b[l]; return true;
    case ir::BinaryOp::LE: for (int l = 0; l < kWarpSize; ++l) a[l] = uns ? u(a[l]) <= u(b[l]) : a[l] <= b[l]; return true;
    case ir::BinaryOp::GE: for (int l = 0; l < kWarpSize; ++l) a[l] = uns ? u(a[l]) >= u(b[l]) : a[l] >= b[l]; return true;
    case ir::BinaryOp::Div:
    case ir::BinaryOp::Rem:
      for (int l = 0; l < kWarpSize; ++l)
        if (b[l] == 0 || (!uns && b[l] == -1) || (uns && operandType.bits >= 64)) return false;
      if (op == ir::BinaryOp::Div) for (int l = 0; l < kWarpSize; ++l) a[l] = a[l] / b[l];
      else for (int l = 0; l < kWarpSize; ++l) a[l] = a[l] % b[l];
      break;
    case ir::BinaryOp::Shl:
    case ir::BinaryOp::Shr:
      for (int l = 0; l < kWarpSize; ++l)
        if (b[l] < 0 || b[l] >= operandType.bits) return false;
      if (op == ir::BinaryOp::Shl) for (int l = 0; l < kWarpSize; ++l) a[l] = static_cast<int64_t>(u(a[l]) << b[l]);
      else if (uns) for (int l = 0; l < kWarpSize; ++l) a[l] = static_cast<int64_t>(u(a[l]) >> b[l]);
      else for (int l = 0; l < kWarpSize; ++l) a[l] = a[l] >> b[l];
      break;
    default: return false;
  }
  wrapLanes(a, resultType);
  return true;
}

void evalNode(const ir::Expr& e, const LaneContext& ctx, LaneMask active, EvalResult& out);

// Why a uniform evaluation failed: the first problem, and whether a value was not assigned.
struct UniformProblem {
  std::string_view problem;
  bool missingSymbol = false;
};

// A node no thread index reaches has one value for the whole warp: computed once, not 32 times.
// False when the evaluation fails (then `out.problem` says why).
bool evalUniform(const ir::Expr& e, const LaneContext& ctx, UniformProblem& out, int64_t& v) {
  switch (e.kind) {
    case ir::ExprKind::Const: v = e.value; return true;
    case ir::ExprKind::Builtin: {
      const int b = static_cast<int>(e.builtin);
      v = b <= 5 ? ctx.blockIdx[b - 3] : b <= 8 ? ctx.blockDim[b - 6] : ctx.gridDim[b - 9];
      return true;
    }
    case ir::ExprKind::Symbol: {
      const size_t id = static_cast<size_t>(e.symbol);
      if (id >= ctx.symbols.size() || !ctx.symbolSet[id]) {
        out.missingSymbol = true;
        if (out.problem.empty()) out.problem = e.text;
        v = 0;
        return true;
      }
      v = ir::wrapToType(ctx.symbols[id], e.type);
      return true;
    }
    case ir::ExprKind::Unknown:
      if (out.problem.empty()) out.problem = e.text;
      return false;
    case ir::ExprKind::Unary:
      if (!evalUniform(*e.a, ctx, out, v)) return false;
      v = ir::applyUnary(e.unaryOp, v, e.type);
      return true;
    case ir::ExprKind::Cast:
      if (!evalUniform(*e.a, ctx, out, v)) return false;
      v = ir::wrapToType(v, e.type);
      return true;
    case ir::ExprKind::Select: {
      int64_t c = 0;
      if (!evalUniform(*e.a, ctx, out, c) || !evalUniform(c != 0 ? *e.b : *e.c, ctx, out, v)) return false;
      v = ir::wrapToType(v, e.type);
      return true;
    }
    case ir::ExprKind::Binary: {
      int64_t a = 0, b = 0;
      if (!evalUniform(*e.a, ctx, out, a)) return false;
      if (e.binaryOp == ir::BinaryOp::LogicalAnd || e.binaryOp == ir::BinaryOp::LogicalOr) {
        if ((a != 0) != (e.binaryOp == ir::BinaryOp::LogicalAnd)) {
          v = a != 0;
          return true;
        }
        if (!evalUniform(*e.b, ctx, out, b)) return false;
        v = b != 0;
        return true;
      }
      if (!evalUniform(*e.b, ctx, out, b)) return false;
      ir::EvalStatus st = ir::EvalStatus::Ok;
      v = ir::applyBinary(e.binaryOp, a, b, e.a->type, e.type, st);
      if (st == ir::EvalStatus::Ok) return true;
      if (out.problem.empty()) out.problem = st == ir::EvalStatus::DivByZero ? "division by zero" : "shift by a negative or too large amount";
      return false;
    }
  }
  return false;
}

// A warp-uniform `e` evaluated once into `v`, its first problem recorded in `out`; false when it
// cannot be evaluated.
bool evalUniformInto(const ir::Expr& e, const LaneContext& ctx, EvalResult& out, int64_t& v) {
  UniformProblem why{out.problem, out.missingSymbol};
  const bool ok = evalUniform(e, ctx, why, v);
  out.problem = why.problem;
  out.missingSymbol = why.missingSymbol;
  return ok;
}

// Child results live on the stack of the recursion; a Lanes array is 256 bytes.
void evalChild(const ir::ExprRef& e, const LaneContext& ctx, LaneMask active, EvalResult& out) {
  evalNode(*e, ctx, active, out);
}

void evalNode(const ir::Expr& e, const LaneContext& ctx, LaneMask active, EvalResult& out) {
  if (!e.lanesVary() && e.kind != ir::ExprKind::Const) {
    int64_t v = 0;
    if (!evalUniformInto(e, ctx, out, v)) out.failed |= active;
    fill(out.values, v);
    return;
  }
  switch (e.kind) {
    case ir::ExprKind::Const: fill(out.values, e.value); return;
    case ir::ExprKind::Builtin: {
      const int v = static_cast<int>(e.builtin);
      if (v <= 2) out.values = ctx.threadIdx[v];
      else if (v <= 5) fill(out.values, ctx.blockIdx[v - 3]);
      else if (v <= 8) fill(out.values, ctx.blockDim[v - 6]);
      else fill(out.values, ctx.gridDim[v - 9]);
      return;
    }
    case ir::ExprKind::Symbol: {
      const size_t id = static_cast<size_t>(e.symbol);
      if (id >= ctx.symbols.size() || !ctx.symbolSet[id]) {
        out.missingSymbol = true;
        if (out.problem.empty()) out.problem = e.text;
        fill(out.values, 0);
        return;
      }
      fill(out.values, ir::wrapToType(ctx.symbols[id], e.type));
      return;
    }
    case ir::ExprKind::Unknown:
      out.failed |= active;
      if (out.problem.empty()) out.problem = e.text;
      fill(out.values, 0);
      return;
    case ir::ExprKind::Unary: {
      evalChild(e.a, ctx, active, out);
      for (int l = 0; l < kWarpSize; ++l) out.values[l] = ir::applyUnary(e.unaryOp, out.values[l], e.type);
      return;
    }
    case ir::ExprKind::Cast: {
      evalChild(e.a, ctx, active, out);
      wrapLanes(out.values, e.type);
      return;
    }
    case ir::ExprKind::Binary: {
      EvalResult rhs;
      // Short-circuit operators only evaluate the right side where C++ would.
      evalChild(e.a, ctx, active, out);
      LaneMask rhsActive = active;
      if (e.binaryOp == ir::BinaryOp::LogicalAnd || e.binaryOp == ir::BinaryOp::LogicalOr) {
        rhsActive = 0;
        for (int l = 0; l < kWarpSize; ++l)
          if ((active >> l & 1) && ((out.values[l] != 0) == (e.binaryOp == ir::BinaryOp::LogicalAnd))) rhsActive |= 1u << l;
      }
      evalChild(e.b, ctx, rhsActive, rhs);
      out.failed |= rhs.failed & rhsActive;
      out.missingSymbol |= rhs.missingSymbol;
      if (out.problem.empty()) out.problem = rhs.problem;
      const ir::IntType operandType = e.a->type;
      if (e.binaryOp != ir::BinaryOp::LogicalAnd && e.binaryOp != ir::BinaryOp::LogicalOr &&
          (fastBinary(e.binaryOp, out.values, rhs.values, e.type) ||
           fastCompareOrDivide(e.binaryOp, out.values, rhs.values, operandType, e.type)))
        return;
      for (int l = 0; l < kWarpSize; ++l) {
        if (e.binaryOp == ir::BinaryOp::LogicalAnd && !(rhsActive >> l & 1)) { out.values[l] = 0; continue; }
        if (e.binaryOp == ir::BinaryOp::LogicalOr && !(rhsActive >> l & 1)) { out.values[l] = (active >> l & 1) ? 1 : 0; continue; }
        ir::EvalStatus st = ir::EvalStatus::Ok;
        out.values[l] = ir::applyBinary(e.binaryOp, out.values[l], rhs.values[l], operandType, e.type, st);
        if (st != ir::EvalStatus::Ok && (active >> l & 1)) {
          out.failed |= 1u << l;
          if (out.problem.empty())
            out.problem = st == ir::EvalStatus::DivByZero ? "division by zero" : "shift by a negative or too large amount";
        }
      }
      return;
    }
    case ir::ExprKind::Select: {
      if (!e.a->lanesVary()) {
        // A condition the same in every lane (the copy of an unrolled loop, down a chain of one
        // select per copy): the side it takes is evaluated straight into `out`, without the other
        // side's lanes or a blend, then wrapped to each select's type, innermost first.
        llvm::SmallVector<ir::IntType, 16> types;
        const ir::Expr* node = &e;
        while (node->kind == ir::ExprKind::Select && !node->a->lanesVary()) {
          int64_t c = 0;
          if (!evalUniformInto(*node->a, ctx, out, c)) {
            out.failed |= active;
            fill(out.values, 0);
            return;
          }
          types.push_back(node->type);
          node = c != 0 ? node->b.get() : node->c.get();
        }
        evalNode(*node, ctx, active, out);
        for (auto t = types.rbegin(); t != types.rend(); ++t) wrapLanes(out.values, *t);
        return;
      }
      evalChild(e.a, ctx, active, out);
      LaneMask takeThen = 0;
      for (int l = 0; l < kWarpSize; ++l)
        if (out.values[l] != 0) takeThen |= 1u << l;
      // A side no active lane takes is not evaluated: with a warp-uniform condition (the element
      // of a range-for list, a loop stage) only one side of the chain is ever needed.
      EvalResult t, f;
      if (active & takeThen) evalChild(e.b, ctx, active & takeThen, t);
      if (active & ~takeThen) evalChild(e.c, ctx, active & ~takeThen, f);
      out.failed |= (t.failed & active & takeThen) | (f.failed & active & ~takeThen);
      out.missingSymbol |= t.missingSymbol || f.missingSymbol;
      if (out.problem.empty()) out.problem = !t.problem.empty() ? t.problem : f.problem;
      for (int l = 0; l < kWarpSize; ++l) out.values[l] = (takeThen >> l & 1) ? t.values[l] : f.values[l];
      wrapLanes(out.values, e.type);
      return;
    }
  }
}
}  // namespace

bool evaluateUniform(const ir::Expr& e, const LaneContext& ctx, int64_t& value, std::string_view& problem, bool& missingSymbol) {
  UniformProblem why;
  const bool ok = evalUniform(e, ctx, why, value);
  problem = why.problem;
  missingSymbol = why.missingSymbol;
  return ok;
}

void evaluateLanes(const ir::Expr& e, const LaneContext& ctx, LaneMask active, EvalResult& out) {
  out.failed = 0;
  out.problem = {};
  out.missingSymbol = false;
  evalNode(e, ctx, active, out);
  out.failed &= active;
}

void setWarpLanes(LaneContext& ctx, unsigned x, unsigned y, unsigned z, unsigned warp) {
  ctx.blockDim[0] = x;
  ctx.blockDim[1] = y;
  ctx.blockDim[2] = z;
  const unsigned threads = std::max(1u, x * y * z);
  for (unsigned l = 0; l < 32; ++l) {
    const unsigned t = std::min(threads - 1, warp * 32 + l);
    ctx.threadIdx[0][l] = t % x;
    ctx.threadIdx[1][l] = (t / x) % y;
    ctx.threadIdx[2][l] = t / (x * y);
  }
}

}  // namespace bankcheck::mapper
