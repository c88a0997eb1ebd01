#include "mapper/WidthPrediction.h"

#include <algorithm>

#include "ir/KnownFactor.h"
#include "llvm/ADT/bit.h"
#include "mapper/LaneEvaluator.h"
#include "mapper/NeighbourMerge.h"
#include "mapper/UniformAnalysis.h"

namespace bankcheck::mapper {

int64_t powerOfTwoFactor(int64_t v) {
  if (v == 0) return kMaxAccessBytes;
  return std::min<int64_t>(kMaxAccessBytes, int64_t{1} << llvm::countr_zero(static_cast<uint64_t>(v)));
}

std::optional<int64_t> constantTripCount(const ir::KernelInstance& k, const ir::LaunchShape& shape, const ir::Loop& loop,
                                         int64_t maxTrips) {
  if (!loop.condition) return std::nullopt;
  ir::ExprFeatures f = ir::featuresOf(loop.condition);
  if (f.unknown || f.dependsOnLanes() || f.blockIdx) return std::nullopt;
  for (int s : f.symbols)
    if (s != loop.iterSymbol) return std::nullopt;
  if (f.blockDim && !shape.known) return std::nullopt;
  LaneContext ctx;
  ctx.blockDim[0] = shape.x;
  ctx.blockDim[1] = shape.y;
  ctx.blockDim[2] = shape.z;
  ctx.symbols.assign(k.symbols.size(), 0);
  ctx.symbolSet.assign(k.symbols.size(), 0);
  for (int64_t n = 0; n <= maxTrips; ++n) {
    ctx.symbols[static_cast<size_t>(loop.iterSymbol)] = n;
    ctx.symbolSet[static_cast<size_t>(loop.iterSymbol)] = 1;
    EvalResult r;
    evaluateLanes(*loop.condition, ctx, 1u, r);
    if (r.failed || r.missingSymbol) return std::nullopt;
    if (r.values[0] == 0) return n;
  }
  return std::nullopt;
}

int64_t knownAlignment(const ir::ExprRef& e) { return powerOfTwoFactor(ir::knownFactor(e)); }

namespace {
// Whether nvcc was seen to keep `x / c` or `x % c` (x = first + the iteration) the same across an
// unrolled group, given that it is. A dividend that is the iteration plus constants is a constant
// in each copy. Otherwise only an unsigned quotient: nvcc 13's PTX (CUDA 13, sm_90) kept
// `s1[(t + i) + (t + i) / 32 * 4]` as one register plus immediates for an unsigned t and as four
// registers for an int t, and `s[(t + i) / 32][(t + i) % 32]` as four registers
// (tests/cases/width_held_quotient.cu). Even an unsigned one is not certain: SGEMM_CUDA's
// kernel 12 ran eight LDS (docs/advisor.md); the width note says what is assumed.
bool nvccHolds(const ir::Expr& division, const ir::ExprRef& first) {
  const ir::ExprFeatures f = ir::featuresOf(first);
  const bool constant = f.symbols.empty() && !f.dependsOnLanes() && !f.blockIdx && !f.blockDim && !f.unknown;
  return constant || (division.binaryOp == ir::BinaryOp::Div && !division.type.isSigned);
}

// `e` with every row quotient `x / c` that stays constant across `span` consecutive iterations of
// `symbol` taken at their first iteration (and, with `remainders`, `x % c` as x less that
// quotient's multiple of c): x moves by k per iteration from a multiple of k * span, and c is a
// multiple of k * span, so no aligned group of iterations crosses a multiple of c. nvcc
// proves the same and still merges `i + i / 32 * 4` (the advisor's padded rows) into LDS.128, as
// the H200 showed (docs/findings.md, sgemm-6), but not always: in SGEMM_CUDA's kernel 12 it gave
// each of eight such reads its own register (eight LDS on an H100). The advisor therefore writes
// the quotient on the part before `i` where that is the same value (FlattenedPadding.cpp,
// QuotientSplits), which needs no proof from nvcc; this rule remains for code written so, where
// nvccHolds (above).
ir::ExprRef holdRowQuotients(const ir::ExprRef& e, int symbol, int64_t span, bool remainders) {
  if (!e) return e;
  switch (e->kind) {
    case ir::ExprKind::Binary: {
      int64_t c = 0;
      const bool rem = remainders && e->binaryOp == ir::BinaryOp::Rem;
      if ((e->binaryOp == ir::BinaryOp::Div || rem) && ir::isConst(e->b, &c) && c > 0) {
        const UniformEffect eff = uniformEffect(e->a, symbol);
        if (eff.use == UniformUse::Additive && eff.coefficient > 0) {
          const int64_t group = eff.coefficient * span;
          const ir::ExprRef first = ir::substituteSymbol(e->a, symbol, ir::makeConst(0, ir::IntType::int32()));
          if (c % group == 0 && knownAlignment(first) % group == 0 && nvccHolds(*e, first)) {
            const ir::ExprRef quotient = ir::makeBinary(ir::BinaryOp::Div, first, e->b, e->type);
            // x % c is x less the quotient's multiple of c (the advisor's `swz(col - n % 4) + n % 4`).
            return rem ? ir::makeBinary(ir::BinaryOp::Sub, e->a, ir::makeBinary(ir::BinaryOp::Mul, quotient, e->b, e->type), e->type)
                       : quotient;
          }
        }
      }
      return ir::makeBinary(e->binaryOp, holdRowQuotients(e->a, symbol, span, remainders),
                            holdRowQuotients(e->b, symbol, span, remainders), e->type);
    }
    case ir::ExprKind::Unary: return ir::makeUnary(e->unaryOp, holdRowQuotients(e->a, symbol, span, remainders), e->type);
    case ir::ExprKind::Cast: return ir::makeCast(holdRowQuotients(e->a, symbol, span, remainders), e->type);
    case ir::ExprKind::Select:
      return ir::makeSelect(holdRowQuotients(e->a, symbol, span, remainders), holdRowQuotients(e->b, symbol, span, remainders),
                            holdRowQuotients(e->c, symbol, span, remainders), e->type);
    default: return e;
  }
}

// The offset the merge decision reads for `loop`: row quotients held (above) over the widest
// merge of `access` (16 bytes, 8 for 16-bit values).
ir::ExprRef offsetForMerging(const ir::ExprRef& offset, const ir::Loop& loop, const ir::Access& access) {
  const int64_t span = mergeLimitBytes(access) / std::max(1u, access.widthBytes);
  // A remainder folds only where `#pragma unroll` unrolls the loop whole: `s[tx * 32 + i % 32]` in a
  // loop nvcc unrolls by 4 keeps its `rem`s and four separate loads (its PTX, CUDA 13).
  return holdRowQuotients(offset, loop.iterSymbol, std::max<int64_t>(1, span), loop.unroll == 1);
}
}  // namespace

int64_t mergeLimitForWidth(unsigned width) { return width >= 4 ? kMaxAccessBytes : (width == 2 ? 8 : width); }

int64_t mergeLimitBytes(const ir::Access& access) {
  // Measured in the SASS of tests/verification/widths/narrow_merge_probe.cu (CUDA 13, sm_90):
  // 8-bit loads and stores never merged, whatever used the values; 16-bit ones merged into at
  // most LDS.64/STS.64, never LDS.128. Among 16-bit loads, `__half` merged under every use;
  // `__nv_bfloat16` did not when converted to float (cvt.f32.bf16) but did in bf16 arithmetic; 16-bit
  // integers merged when converted to floating point and not, or only partly, otherwise.
  const int64_t limit = mergeLimitForWidth(access.widthBytes);
  if (access.widthBytes != 2 || access.kind != ir::AccessKind::Load) return limit;
  switch (access.narrowScalar) {
    case ir::NarrowScalar::Half: return limit;
    case ir::NarrowScalar::BFloat16: return access.narrowUse == ir::NarrowValueUse::ConvertedToFloat ? 2 : limit;
    case ir::NarrowScalar::Integer: return access.narrowUse == ir::NarrowValueUse::ConvertedToFloat ? limit : 2;
    case ir::NarrowScalar::Other: return 2;
  }
  return 2;
}

int64_t widestMerge(int64_t width, int64_t limit, int64_t alignment, int64_t run) {
  int64_t bytes = width;
  while (bytes * 2 <= limit && bytes * 2 <= alignment && bytes * 2 / width <= run) bytes *= 2;
  return bytes;
}

int findContiguousLoop(const ir::TranslationUnit& tu, const ir::Access& access) {
  if (!access.byteOffset) return -1;
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  const ir::ExprRef offset = absoluteOffset(tu, access);
  for (auto it = access.loops.rbegin(); it != access.loops.rend(); ++it) {
    const ir::Loop& loop = k.loops[static_cast<size_t>(*it)];
    UniformEffect eff = uniformEffect(offsetForMerging(offset, loop, access), loop.iterSymbol);
    if (eff.use == UniformUse::Absent) continue;
    return eff.use == UniformUse::Additive && eff.coefficient == static_cast<int64_t>(access.widthBytes) ? loop.id : -1;
  }
  return -1;
}


namespace {
WidthPlan predictLoopMergedWidth(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                                 const WidthPredictionOptions& options) {
  WidthPlan plan;
  plan.width = access.widthBytes;
  if (!access.byteOffset || access.widthBytes >= 16 || access.isVolatile || access.kind == ir::AccessKind::AsyncCopyDst ||
      access.kind == ir::AccessKind::MatrixLoad || access.kind == ir::AccessKind::MatrixStore ||
      access.kind == ir::AccessKind::Atomic)
    return plan;
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  const ir::SharedArray& array = tu.array(access.array);
  const ir::ExprRef offset = absoluteOffset(tu, access);
  const unsigned w = access.widthBytes;

  // Innermost first: the loop whose consecutive iterations touch consecutive elements. A loop in
  // between that `#pragma unroll` unrolls whole is no obstacle when the outer one has the pragma
  // too: ptxas merges the copies of consecutive outer iterations (`tile[row + r][k]`, both loops
  // with the pragma, became LDS.128 on the H200; SGEMM_CUDA's kernel 5, the same loops without
  // pragmas, stayed LDS: docs/verification/public-code-h200.md, docs/findings.md).
  const auto pragmaUnrollsWhole = [](const ir::Loop& l, int64_t trips) { return l.unroll == 1 || (l.unroll > 1 && l.unroll >= trips); };
  bool acrossInnerLoop = false;
  for (auto it = access.loops.rbegin(); it != access.loops.rend(); ++it) {
    const ir::Loop& loop = k.loops[static_cast<size_t>(*it)];
    const ir::ExprRef held = offsetForMerging(offset, loop, access);
    UniformEffect eff = uniformEffect(held, loop.iterSymbol);
    if (eff.use == UniformUse::Absent) continue;
    if (loop.unrollDisabled) break;
    std::optional<int64_t> trips = constantTripCount(k, shape, loop);
    if (trips && *trips == 1) continue;  // runs once: not a loop to the merge
    if (!trips || *trips < 2) break;
    const bool unrolled = loop.unroll == 1 || loop.unroll > 1 || *trips <= options.defaultUnrollTrips;
    if (!unrolled) break;
    if (eff.use != UniformUse::Additive) {
      // An inner loop unrolled whole whose copies move the address otherwise (a row that drives an
      // XOR, `s[ty * 8 + m][swz(k)]`): each copy is its own group of the outer loop's iterations,
      // whose alignment the base below still has to show.
      if (!pragmaUnrollsWhole(loop, *trips)) break;
      acrossInnerLoop = true;
      continue;
    }
    if (eff.coefficient != static_cast<int64_t>(w)) {
      if (!pragmaUnrollsWhole(loop, *trips) || eff.coefficient % static_cast<int64_t>(kMaxAccessBytes) != 0) break;
      acrossInnerLoop = true;
      continue;
    }
    if (acrossInnerLoop && !pragmaUnrollsWhole(loop, *trips)) break;
    for (const ir::Predicate& p : access.predicates) {
      ir::ExprFeatures f = ir::featuresOf(p.condition);
      if (std::find(f.symbols.begin(), f.symbols.end(), loop.iterSymbol) != f.symbols.end()) return plan;
    }
    // Alignment of the address at the first iteration of each group.
    const ir::ExprRef base = ir::substituteSymbol(held, loop.iterSymbol, ir::makeConst(0, ir::IntType::int32()));
    int64_t align = knownAlignment(base);
    // nvcc may raise the alignment of a static __shared__ array it defines; dynamic memory starts
    // where its buffer is placed, on 16 bytes at least (SharedArray::placement; measured:
    // fastWalshTransform's `extern __shared__ float` pairs `s[2p]`, `s[2p + 1]` are one LDS.64 on
    // the H200, tests/cases/dynamic_pair_merge.cu).
    if (array.isDynamic) align = std::min<int64_t>(align, tu.rootOf(array).placement);
    const int64_t group = loop.unroll > 1 ? std::min<int64_t>(loop.unroll, *trips) : *trips;
    // Merges of 2, 4, 8 ... iterations that divide the group.
    const int64_t bytes = widestMerge(w, mergeLimitBytes(access), align, powerOfTwoFactor(group));
    if (bytes == w) break;
    plan.width = static_cast<unsigned>(bytes);
    plan.vectorLoop = loop.id;
    plan.factor = static_cast<unsigned>(bytes / w);
    plan.source = WidthSource::PredictedVector;
    plan.note = std::to_string(plan.factor) + " consecutive iterations of the unrolled loop at line " +
                std::to_string(loop.loc.line) + " merged into one " + std::to_string(bytes * 8) + "-bit access";
    // Merged only because a row quotient was held across the group: nvcc must prove the same.
    const UniformEffect unheld = uniformEffect(offset, loop.iterSymbol);
    if (unheld.use != UniformUse::Additive || unheld.coefficient != static_cast<int64_t>(w))
      plan.note += ", assuming nvcc sees that the index's quotient (`/`) or remainder (`%`) does not change within a "
                   "group; it did in SGEMM_CUDA's kernels 6 and 10 but not in kernel 12 (eight LDS): --sass shows what it emitted";
    return plan;
  }
  return plan;
}
}  // namespace

WidthPlan predictWidth(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                       const WidthPredictionOptions& options) {
  WidthPlan plan = predictLoopMergedWidth(tu, access, shape, options);
  if (options.mergeNeighbours && plan.width == access.widthBytes && plan.vectorLoop < 0 && access.byteOffset &&
      (access.kind == ir::AccessKind::Load || access.kind == ir::AccessKind::Store))
    mergeWithNeighbours(tu, access, shape, plan);
  return plan;
}

}  // namespace bankcheck::mapper
