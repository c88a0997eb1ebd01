// Uniform whole-period terms moved out of an XOR swizzle of the whole offset (mapper/SwizzleTerms):
// the same value, in a form where the mapper sees the stage as the uniform shift it is.
#include <gtest/gtest.h>

#include "unit/SymbolSweep.h"
#include "mapper/LaneEvaluator.h"
#include "mapper/SwizzleTerms.h"

namespace bankcheck::mapper {
namespace {

using ir::BinaryOp;

const ir::IntType i32 = ir::IntType::int32();
constexpr int kStage = 0;  // a warp-uniform value the analysis cannot know (a stage from a parameter)

ir::ExprRef stage() { return ir::makeSymbol(kStage, "stage"); }
ir::ExprRef c(int64_t v) { return ir::makeConst(v, i32); }
ir::ExprRef tid() { return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), i32); }
ir::ExprRef bin(BinaryOp op, ir::ExprRef a, ir::ExprRef b) { return ir::makeBinary(op, a, b, i32); }

// `(stage * stageElements + tid % 16 * 16 + tid / 16 * 8) * 2`: an ldmatrix row address in bytes,
// rows of 16 halves.
ir::ExprRef rowAddress(int64_t stageElements) {
  const ir::ExprRef lane = bin(BinaryOp::Add, bin(BinaryOp::Mul, bin(BinaryOp::Rem, tid(), c(16)), c(16)),
                               bin(BinaryOp::Mul, bin(BinaryOp::Div, tid(), c(16)), c(8)));
  return bin(BinaryOp::Mul, bin(BinaryOp::Add, bin(BinaryOp::Mul, stage(), c(stageElements)), lane), c(2));
}

bool xorReadsTheStage(const ir::ExprRef& e) {
  if (!e) return false;
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == BinaryOp::Xor) {
    const ir::ExprFeatures f = ir::featuresOf(e);
    return std::find(f.symbols.begin(), f.symbols.end(), kStage) != f.symbols.end();
  }
  return xorReadsTheStage(e->a) || xorReadsTheStage(e->b) || xorReadsTheStage(e->c);
}

// Both expressions in every lane of a warp and every stage in [-3, 8).
void expectSameValues(const ir::ExprRef& a, const ir::ExprRef& b) { expectSameValuesOverSymbol0(a, b, -3, 8); }

TEST(SwizzleTerms, AStageOfWholePeriodsLeavesTheXor) {
  // 2048 halves = 4096 bytes per stage, a multiple of the period 2^(7 + 1).
  const ir::ExprRef swizzled = swizzleExpr(rowAddress(2048), 4, 1, 7);
  ASSERT_TRUE(xorReadsTheStage(swizzled));
  const ir::ExprRef hoisted = hoistUniformTermsOutOfSwizzles(swizzled);
  EXPECT_FALSE(xorReadsTheStage(hoisted)) << ir::toString(hoisted);
  expectSameValues(swizzled, hoisted);
}

TEST(SwizzleTerms, AStageThatIsNotAWholePeriodStays) {
  // 40 halves = 80 bytes: the stage changes bits the XOR reads, so it must stay inside.
  const ir::ExprRef swizzled = swizzleExpr(rowAddress(40), 4, 1, 7);
  const ir::ExprRef hoisted = hoistUniformTermsOutOfSwizzles(swizzled);
  EXPECT_TRUE(xorReadsTheStage(hoisted)) << ir::toString(hoisted);
  expectSameValues(swizzled, hoisted);
}

TEST(SwizzleTerms, AnXorOfAnotherValueIsNotASwizzleOfTheOffset) {
  // `o ^ (((row) >> 7) & 1) << 4)` with another expression read: left as written.
  const ir::ExprRef o = rowAddress(2048);
  const ir::ExprRef other = bin(BinaryOp::Shl, bin(BinaryOp::And, bin(BinaryOp::Shr, bin(BinaryOp::Mul, stage(), c(4096)), c(7)), c(1)), c(4));
  const ir::ExprRef e = bin(BinaryOp::Xor, o, other);
  EXPECT_EQ(ir::toString(hoistUniformTermsOutOfSwizzles(e)), ir::toString(e));
}

}  // namespace
}  // namespace bankcheck::mapper
