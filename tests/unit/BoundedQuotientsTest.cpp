// Quotients a bounded term cannot change (mapper/BoundedQuotients): the rewrite that lets the
// mapper count, instead of enumerate, a loop whose iteration enters a padded index `i + i / 32`.
#include <gtest/gtest.h>

#include "mapper/BoundedQuotients.h"
#include "unit/SymbolSweep.h"
#include "mapper/LaneEvaluator.h"

namespace bankcheck::mapper {
namespace {

using ir::BinaryOp;

const ir::IntType i32 = ir::IntType::int32();
constexpr int kY = 0;  // a loop iteration

ir::ExprRef y() { return ir::makeSymbol(kY, "y"); }
ir::ExprRef c(int64_t v) { return ir::makeConst(v, i32); }
ir::ExprRef tid() { return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), i32); }
ir::ExprRef bin(BinaryOp op, ir::ExprRef a, ir::ExprRef b) { return ir::makeBinary(op, a, b, i32); }

// (tid * 32 + y) / q: a padded index's quotient (rows of 32 elements, y the column).
ir::ExprRef rowQuotient(int64_t q) { return bin(BinaryOp::Div, bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(32)), y()), c(q)); }

// A block of 32 threads, y in [0, trips).
LeafRanges ranges(int64_t trips) {
  LeafRanges r;
  r.blockDim[0] = 32;
  r.symbol = [trips](int s) -> std::optional<ValueRange> {
    if (s == kY && trips > 0) return ValueRange{0, trips - 1};
    return std::nullopt;
  };
  return r;
}

bool mentionsY(const ir::ExprRef& e) {
  const ir::ExprFeatures f = ir::featuresOf(e);
  return std::find(f.symbols.begin(), f.symbols.end(), kY) != f.symbols.end();
}

// Both expressions in every lane of a warp and every y below `trips`.
void expectSameValues(const ir::ExprRef& a, const ir::ExprRef& b, int64_t trips) { expectSameValuesOverSymbol0(a, b, 0, trips); }

// `e` rewritten with y below `trips`: y left in it or not, as expected, and the same values.
void expectRewrite(const ir::ExprRef& e, int64_t trips, bool yStays) {
  const ir::ExprRef r = dropBoundedTermsFromQuotients(e, ranges(trips));
  EXPECT_EQ(mentionsY(r), yStays) << ir::toString(r);
  expectSameValues(e, r, trips);
}

TEST(BoundedQuotients, ATermBelowTheDivisorLeavesTheQuotient) {
  // (tid * 32 + y) / 32 == tid for y in [0, 32): the loop no longer enters the quotient.
  expectRewrite(rowQuotient(32), 32, false);
}

TEST(BoundedQuotients, APartOfTheDivisorIsEnough) {
  // (tid * 32 + y) / 64 == tid / 2 for y in [0, 32): 32 divides 64 and bounds y.
  expectRewrite(rowQuotient(64), 32, false);
}

TEST(BoundedQuotients, ATermThatCanReachTheDivisorStays) {
  // y in [0, 33) reaches 32: (tid * 32 + 32) / 32 is tid + 1, so y stays in the quotient.
  expectRewrite(rowQuotient(32), 33, true);
}

TEST(BoundedQuotients, ANegativeDividendIsLeftAlone) {
  // (tid * 32 - 64 + y) / 32 rounds toward zero for the first lanes: not rewritten.
  expectRewrite(bin(BinaryOp::Div, bin(BinaryOp::Add, bin(BinaryOp::Sub, bin(BinaryOp::Mul, tid(), c(32)), c(64)), y()), c(32)), 32, true);
}

TEST(BoundedQuotients, AnUnboundedLeafIsLeftAlone) {
  // y's trip count unknown: nothing bounds it.
  const ir::ExprRef e = rowQuotient(32);
  EXPECT_EQ(dropBoundedTermsFromQuotients(e, ranges(0)), e);
}

TEST(BoundedQuotients, RangesFollowTheArithmetic) {
  // tid * 4 + y * 128 with y in [0, 8): [0, 31 * 4 + 7 * 128].
  const std::optional<ValueRange> r =
      rangeOf(bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(4)), bin(BinaryOp::Mul, y(), c(128))), ranges(8));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->lo, 0);
  EXPECT_EQ(r->hi, 31 * 4 + 7 * 128);
  // A value that would wrap its 32-bit type has no range.
  EXPECT_FALSE(rangeOf(bin(BinaryOp::Mul, tid(), c(int64_t{1} << 30)), ranges(8)));
}

}  // namespace
}  // namespace bankcheck::mapper
