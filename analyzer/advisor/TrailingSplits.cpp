#include "advisor/TrailingSplits.h"

#include <utility>
#include <vector>

#include "ir/KnownFactor.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::advisor {

namespace {
// The inclusive range of loop iterations that run a constant number of times whatever the block
// shape: what bounds an addend split off a term.
mapper::LeafRanges loopRanges(const ir::TranslationUnit& tu, const ir::Access& a) {
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  std::vector<std::pair<int, mapper::ValueRange>> ranges;
  for (const int id : a.loops) {
    const ir::Loop& loop = k.loops[static_cast<size_t>(id)];
    if (const std::optional<int64_t> trips = mapper::constantTripCount(k, ir::LaunchShape{}, loop); trips && *trips > 0)
      ranges.push_back({loop.iterSymbol, mapper::ValueRange{0, *trips - 1}});
  }
  mapper::LeafRanges leaves;
  leaves.symbol = [ranges](int symbol) -> std::optional<mapper::ValueRange> {
    for (const auto& [s, r] : ranges)
      if (s == symbol) return r;
    return std::nullopt;
  };
  return leaves;
}

ir::ExprRef withoutCasts(ir::ExprRef e) {
  while (e && e->kind == ir::ExprKind::Cast) e = e->a;
  return e;
}

}  // namespace

ir::ExprRef splitPrefixValue(const ir::OffsetPiece& piece, const ir::OffsetPiece::Split& s) {
  ir::ExprRef node = piece.value;
  for (const ir::OffsetPiece::Split& step : piece.splits) {
    node = withoutCasts(node);
    if (!node || node->kind != ir::ExprKind::Binary || node->binaryOp != ir::BinaryOp::Add) return nullptr;
    const ir::ExprRef added = withoutCasts(node->b), expected = withoutCasts(step.addend);
    if (!added || !expected || ir::toString(added) != ir::toString(expected)) return nullptr;
    node = node->a;
    if (&step == &s) return node;
  }
  return nullptr;
}

std::optional<SplitFacts> splitFacts(const ir::TranslationUnit& tu, const ir::Access& a, const ir::OffsetPiece& piece,
                                     const ir::OffsetPiece::Split& s) {
  const ir::ExprFeatures f = ir::featuresOf(s.trailing);
  if (f.dependsOnLanes() || f.unknown || f.blockIdx || f.blockDim) return std::nullopt;
  const std::optional<mapper::ValueRange> r = mapper::rangeOf(s.trailing, loopRanges(tu, a));
  if (!r || r->lo < 0) return std::nullopt;
  const ir::ExprRef prefix = splitPrefixValue(piece, s);
  if (!prefix) return std::nullopt;
  return SplitFacts{prefix, ir::knownFactor(prefix), *r};
}

}  // namespace bankcheck::advisor
