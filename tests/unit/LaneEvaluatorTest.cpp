// The mapper's lane-parallel evaluation: per-lane values, masks, failures, select semantics.
#include <gtest/gtest.h>

#include "mapper/LaneEvaluator.h"

namespace bankcheck::mapper {
namespace {

LaneContext block(int x, int y) {
  LaneContext ctx;
  for (int l = 0; l < kWarpSize; ++l) {
    ctx.threadIdx[0][l] = l % x;
    ctx.threadIdx[1][l] = (l / x) % y;
  }
  ctx.blockDim[0] = x;
  ctx.blockDim[1] = y;
  return ctx;
}

TEST(LaneEvaluator, TwoDimensionalBlockRows) {
  // 16x16 block: one warp spans two rows; tile[ty][tx] with a 16-float row.
  LaneContext ctx = block(16, 16);
  ir::ExprRef e = ir::mulBytes(ir::makeBinary(ir::BinaryOp::Add,
                                              ir::makeBinary(ir::BinaryOp::Mul, ir::makeBuiltin(ir::BuiltinVar::ThreadIdxY),
                                                             ir::makeConst(16, ir::IntType::uint32()), ir::IntType::uint32()),
                                              ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), ir::IntType::uint32()),
                               4);
  EvalResult r;
  evaluateLanes(*e, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], l * 4);
  EXPECT_EQ(r.failed, 0u);
}

TEST(LaneEvaluator, FailuresOnlyCountInActiveLanes) {
  LaneContext ctx = block(32, 1);
  // 64 / threadIdx.x divides by zero in lane 0 only.
  ir::ExprRef e = ir::makeBinary(ir::BinaryOp::Div, ir::makeConst(64, ir::IntType::uint32()),
                                 ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), ir::IntType::uint32());
  EvalResult r;
  evaluateLanes(*e, ctx, ~0u, r);
  EXPECT_EQ(r.failed, 1u);
  evaluateLanes(*e, ctx, ~1u, r);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_EQ(r.values[2], 32);
}

TEST(LaneEvaluator, SelectEvaluatesOnlyTheTakenSide) {
  LaneContext ctx = block(32, 1);
  ir::ExprRef tx = ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX);
  ir::ExprRef cond = ir::makeBinary(ir::BinaryOp::NE, tx, ir::makeConst(0, ir::IntType::uint32()), ir::IntType::boolean());
  ir::ExprRef div = ir::makeBinary(ir::BinaryOp::Div, ir::makeConst(64, ir::IntType::uint32()), tx, ir::IntType::uint32());
  ir::ExprRef sel = ir::makeSelect(cond, div, ir::makeConst(7, ir::IntType::uint32()), ir::IntType::uint32());
  EvalResult r;
  evaluateLanes(*sel, ctx, ~0u, r);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_EQ(r.values[0], 7);
  EXPECT_EQ(r.values[4], 16);
}

TEST(LaneEvaluator, AChainOfSelectsOnUniformConditionsTakesOneSideAndKeepsEachType) {
  // copy == 0 ? tx * 4 : (copy == 1 ? (int8)(tx * 4 + 200) : tx * 4 + 8), as the copies of an
  // unrolled loop are lowered; the inner select wraps to 8 bits, the outer to 32.
  LaneContext ctx = block(32, 1);
  ctx.symbols = {0};
  ctx.symbolSet = {1};
  const ir::ExprRef copy = ir::makeSymbol(0, "copy", ir::IntType::int32());
  auto is = [&](int64_t v) { return ir::makeBinary(ir::BinaryOp::EQ, copy, ir::makeConst(v, ir::IntType::int32()), ir::IntType::boolean()); };
  const ir::ExprRef tx4 = ir::makeBinary(ir::BinaryOp::Mul, ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), ir::makeConst(4, ir::IntType::int32()),
                                         ir::IntType::int32());
  auto plus = [&](int64_t c) { return ir::makeBinary(ir::BinaryOp::Add, tx4, ir::makeConst(c, ir::IntType::int32()), ir::IntType::int32()); };
  const ir::ExprRef inner = ir::makeSelect(is(1), plus(200), plus(8), ir::IntType{8, true});
  const ir::ExprRef chain = ir::makeSelect(is(0), tx4, inner, ir::IntType::int32());
  EvalResult r;
  evaluateLanes(*chain, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], l * 4);
  ctx.symbols = {1};
  evaluateLanes(*chain, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], static_cast<int8_t>(l * 4 + 200)) << l;
  ctx.symbols = {2};
  evaluateLanes(*chain, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], static_cast<int8_t>(l * 4 + 8)) << l;
  EXPECT_EQ(r.failed, 0u);
  // A condition that cannot be evaluated fails every active lane, and says why.
  const ir::ExprRef unknown = ir::makeSelect(ir::makeUnknown("value loaded from memory"), tx4, inner, ir::IntType::int32());
  evaluateLanes(*unknown, ctx, 0xFu, r);
  EXPECT_EQ(r.failed, 0xFu);
  EXPECT_EQ(r.problem, "value loaded from memory");
}

TEST(LaneEvaluator, SymbolsAndXorSwizzle) {
  LaneContext ctx = block(32, 1);
  ctx.symbols = {5};
  ctx.symbolSet = {1};
  // (threadIdx.x ^ k) & 31 for k = 5
  ir::ExprRef e = ir::makeBinary(ir::BinaryOp::And,
                                 ir::makeBinary(ir::BinaryOp::Xor, ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX),
                                                ir::makeCast(ir::makeSymbol(0, "k"), ir::IntType::uint32()), ir::IntType::uint32()),
                                 ir::makeConst(31, ir::IntType::uint32()), ir::IntType::uint32());
  EvalResult r;
  evaluateLanes(*e, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], (l ^ 5) & 31);
  ctx.symbolSet = {0};
  evaluateLanes(*e, ctx, ~0u, r);
  EXPECT_TRUE(r.missingSymbol);
}

TEST(LaneEvaluator, WarpUniformPartsAreComputedOnceWithTheSameSemantics) {
  LaneContext ctx = block(32, 1);
  ctx.symbols = {7, 0};
  ctx.symbolSet = {1, 1};
  const ir::IntType i32 = ir::IntType::int32();
  ir::ExprRef n = ir::makeSymbol(0, "n"), zero = ir::makeSymbol(1, "zero");
  ir::ExprRef tx = ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), i32);
  // (n * -3) / 2 + tx: the uniform part keeps C++'s truncation and wrap-around.
  ir::ExprRef uniform = ir::makeBinary(ir::BinaryOp::Div, ir::makeBinary(ir::BinaryOp::Mul, n, ir::makeConst(-3), i32), ir::makeConst(2), i32);
  EXPECT_FALSE(uniform->lanesVary());
  ir::ExprRef e = ir::makeBinary(ir::BinaryOp::Add, uniform, tx, i32);
  EXPECT_TRUE(e->lanesVary());
  EvalResult r;
  evaluateLanes(*e, ctx, ~0u, r);
  for (int l = 0; l < kWarpSize; ++l) EXPECT_EQ(r.values[l], -10 + l);
  EXPECT_EQ(r.failed, 0u);
  // A uniform division by zero fails every active lane, and only those.
  ir::ExprRef byZero = ir::makeBinary(ir::BinaryOp::Add, ir::makeBinary(ir::BinaryOp::Div, n, zero, i32), tx, i32);
  evaluateLanes(*byZero, ctx, 0xffu, r);
  EXPECT_EQ(r.failed, 0xffu);
  EXPECT_EQ(r.problem, "division by zero");
  // The side of a uniform `&&` or select that is not taken is not evaluated.
  ir::ExprRef guarded = ir::makeBinary(ir::BinaryOp::LogicalAnd, zero, ir::makeBinary(ir::BinaryOp::Div, n, zero, i32), ir::IntType::boolean());
  ir::ExprRef pick = ir::makeSelect(zero, ir::makeBinary(ir::BinaryOp::Div, n, zero, i32), n, i32);
  ir::ExprRef both = ir::makeBinary(ir::BinaryOp::Add, ir::makeBinary(ir::BinaryOp::Add, ir::makeCast(guarded, i32), pick, i32), tx, i32);
  evaluateLanes(*both, ctx, ~0u, r);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_EQ(r.values[3], 7 + 3);
}

}  // namespace
}  // namespace bankcheck::mapper
