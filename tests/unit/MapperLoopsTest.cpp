// The mapper over loops: which loops it enumerates and which it counts, and that counting gives
// the same executions and wavefronts as enumerating every iteration would.
#include <gtest/gtest.h>

#include "common/HandBuiltUnit.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::mapper {
namespace {

using namespace bankcheck::testing;

ir::ExprRef i32(int64_t v) { return ir::makeConst(v, ir::IntType::int32()); }
ir::ExprRef binary(ir::BinaryOp op, ir::ExprRef a, ir::ExprRef b) { return ir::makeBinary(op, a, b, ir::IntType::int32()); }

// One warp (block 32x1) and an access in two nested loops of kernel 0; `offsetOf(j, y)` gives its
// byte offset and `conditionOf(j, y)` the one predicate, from the loops' iterations.
struct TwoLoops {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1)});
  ir::ExprRef outer, inner;
  TwoLoops(int64_t outerTrips, int64_t innerTrips) : outer(addLoop(tu, outerTrips, 10)), inner(addLoop(tu, innerTrips, 11, 0)) {}
  AccessResult run(ir::AccessKind kind, ir::ExprRef offset, ir::ExprRef condition) {
    ir::Access& a = addAccess(tu, kind, std::move(offset), 13);
    a.loops = {0, 1};
    a.predicates.push_back({std::move(condition), {"k.cu", 12, 7}});
    return analyzeAccess(tu, a);
  }
};

// One warp (block 32x1) and an access inside one loop `for (iter < trips)` of kernel 0, its byte
// offset (and, where given, its one predicate) from the iteration.
struct OneLoop {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1)});
  ir::ExprRef iter;
  explicit OneLoop(int64_t trips) : iter(addLoop(tu, trips, 10)) {}
  AccessResult run(ir::AccessKind kind, ir::ExprRef offset, ir::ExprRef condition = nullptr) {
    ir::Access& a = addAccess(tu, kind, std::move(offset), 12);
    a.loops = {0};
    if (condition) a.predicates.push_back({std::move(condition), {"k.cu", 11, 7}});
    return analyzeAccess(tu, a);
  }
};

TEST(MapperLoops, AnIterationThatOnlyShiftsAndDecidesForTheWholeWarpIsCountedNotEnumerated) {
  // for (j < 1024) for (y < 1024) { if (j * 1024 + y >= 1000000) break; s[tx * 32 + y] = ...; }
  // One warp: every execution is 32-way. A million executions, more than the 2^17 warp
  // instructions an access may enumerate: y is counted per j instead.
  TwoLoops loops(1024, 1024);
  const ir::ExprRef &j = loops.outer, &y = loops.inner;
  const ir::ExprRef end = binary(ir::BinaryOp::GE, binary(ir::BinaryOp::Add, binary(ir::BinaryOp::Mul, j, i32(1024)), y), i32(1000000));
  const AccessResult r = loops.run(ir::AccessKind::Store, ir::mulBytes(add(mul(tx(), u32(32)), y), 4),
                                   ir::makeUnary(ir::UnaryOp::LogicalNot, end, ir::IntType::int32()));
  ASSERT_EQ(r.status, AccessResult::Status::Computed) << r.unknownReason;
  EXPECT_TRUE(r.exhaustive);
  EXPECT_DOUBLE_EQ(r.executions, 1000000.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 32.0 * 1000000.0);
  EXPECT_EQ(r.worstWays(), 32);
  EXPECT_LE(r.enumerated, 1024u);  // one case per j
}

TEST(MapperLoops, AConditionThatDiffersBetweenLanesKeepsTheIterationEnumerated) {
  // for (y < 32) { if (tx > y) s[tx * 32 + y] = ...; }: iteration y runs 31 - y lanes, all in
  // one bank, so it costs 31 - y wavefronts; y = 31 runs none.
  OneLoop loop(32);
  const ir::ExprRef& y = loop.iter;
  const AccessResult r = loop.run(ir::AccessKind::Store, ir::mulBytes(add(mul(tx(), u32(32)), y), 4),
                                  binary(ir::BinaryOp::GT, ir::makeCast(tx(), ir::IntType::int32()), y));
  ASSERT_EQ(r.status, AccessResult::Status::Computed) << r.unknownReason;
  EXPECT_DOUBLE_EQ(r.executions, 31.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 31.0 * 32.0 / 2.0);
  EXPECT_EQ(r.worstWays(), 31);
}

TEST(MapperLoops, AConditionOnADeeperLoopKeepsTheOuterIterationEnumerated) {
  // for (j < 4) for (x < 8) { if (j * 8 + x < 20) s[tx * 32 + j] = ...; }: the condition names
  // x, which is set only deeper, so j cannot be decided alone; x only decides, so x is counted.
  // Executions: j = 0, 1 run 8 x each, j = 2 runs 4, j = 3 none.
  TwoLoops loops(4, 8);
  const ir::ExprRef &j = loops.outer, &x = loops.inner;
  const AccessResult r = loops.run(ir::AccessKind::Load, ir::mulBytes(add(mul(tx(), u32(32)), j), 4),
                                   binary(ir::BinaryOp::LT, binary(ir::BinaryOp::Add, binary(ir::BinaryOp::Mul, j, i32(8)), x), i32(20)));
  ASSERT_EQ(r.status, AccessResult::Status::Computed) << r.unknownReason;
  EXPECT_TRUE(r.exhaustive);
  EXPECT_DOUBLE_EQ(r.executions, 20.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 20.0 * 32.0);
}

TEST(MapperLoops, AnIterationBelowTheRowLengthLeavesAPaddedIndexCounted) {
  // for (y < 32) s[i + i / 32] with i = tx * 32 + y: i / 32 is tx in every iteration, so y only
  // shifts the 33-word rows' addresses and one case stands for all 32 (each conflict-free).
  OneLoop loop(32);
  const ir::ExprRef i = add(mul(tx(), u32(32)), loop.iter);
  const AccessResult r =
      loop.run(ir::AccessKind::Store, ir::mulBytes(add(i, ir::makeBinary(ir::BinaryOp::Div, i, u32(32), ir::IntType::uint32())), 4));
  ASSERT_EQ(r.status, AccessResult::Status::Computed) << r.unknownReason;
  EXPECT_TRUE(r.exhaustive);
  EXPECT_DOUBLE_EQ(r.executions, 32.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 32.0);
  EXPECT_LE(r.enumerated, 1u);
}

TEST(MapperLoops, ABroadcastAddressIsCountedWhateverItsArithmetic) {
  // for (x < 64) s[x * 7 / 3]: every lane at one word, one wavefront wherever it is.
  OneLoop loop(64);
  const AccessResult r =
      loop.run(ir::AccessKind::Load, ir::mulBytes(binary(ir::BinaryOp::Div, binary(ir::BinaryOp::Mul, loop.iter, i32(7)), i32(3)), 4));
  ASSERT_EQ(r.status, AccessResult::Status::Computed) << r.unknownReason;
  EXPECT_DOUBLE_EQ(r.executions, 64.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 64.0);
  EXPECT_LE(r.enumerated, 1u);
}

TEST(MapperLoops, ABroadcastAddressWithACheckIsStillCheckedInEveryIteration) {
  // The advisor's check that an element stays in its row (ir::zeroUnless) fails from x = 10 on:
  // counting one case would miss it, so the access is unknown.
  OneLoop loop(64);
  const ir::ExprRef check = ir::zeroUnless(ir::makeBinary(ir::BinaryOp::LT, loop.iter, i32(10), ir::IntType::boolean()));
  const AccessResult r = loop.run(ir::AccessKind::Load, ir::addBytes(ir::mulBytes(loop.iter, 4), check));
  EXPECT_NE(r.status, AccessResult::Status::Computed);
}

}  // namespace
}  // namespace bankcheck::mapper
