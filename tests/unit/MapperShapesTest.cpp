// The mapper over every block shape of a kernel: each shape computed, the worst one reported with
// what every shape gives; width prediction per shape; the verdict under each family policy.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/HandBuiltUnit.h"
#include "mapper/BlockShapes.h"
#include "mapper/ConflictVerdict.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::mapper {
namespace {

using namespace bankcheck::testing;

TEST(MapperShapes, TheWorstShapeIsReportedWithEveryShapesOutcome) {
  // s[ty][tx]: rows of 32 lanes are conflict-free; a 1x32 block puts a column in each warp.
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32), shape(1, 32, "launch at k.cu:52"), shape(16, 2, "launch at k.cu:60")});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  const UnitAnalysis ua = analyzeUnit(tu, {});
  const AccessResult& r = ua.results[0];
  ASSERT_EQ(r.status, AccessResult::Status::Computed);
  EXPECT_EQ(r.shape, 1);
  EXPECT_EQ(r.worstWays(), 32);
  ASSERT_EQ(r.shapes.size(), 3u);
  EXPECT_DOUBLE_EQ(r.shapes[0].ways(), 1.0);
  EXPECT_DOUBLE_EQ(r.shapes[1].ways(), 32.0);
  // 16x2: two half-rows, rows 128 bytes apart: lanes l and l+16 share banks.
  EXPECT_DOUBLE_EQ(r.shapes[2].ways(), 2.0);
  // Everything else in the result is the worst shape's: a 1x32 block is one warp of 32 lanes.
  EXPECT_EQ(r.worst.warp, 0);
  EXPECT_DOUBLE_EQ(r.executions, 1.0);
}

TEST(MapperShapes, TiesKeepTheFirstShape) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 8), shape(32, 4)});
  addAccess(tu, ir::AccessKind::Load, tileOffset(ty(), tx()), 7);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  EXPECT_EQ(r.shape, 0);
  EXPECT_EQ(r.worstWays(), 1);
  // Different shapes, different work: 8 warps against 4.
  EXPECT_DOUBLE_EQ(r.shapes[0].executions, 8.0);
  EXPECT_DOUBLE_EQ(r.shapes[1].executions, 4.0);
}

TEST(MapperShapes, ParallelUnitAnalysisMatchesOneAccessAtATime) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32), shape(8, 4), shape(1, 32), shape(64, 1)});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  addAccess(tu, ir::AccessKind::Load, tileOffset(tx(), ty()), 9);
  addAccess(tu, ir::AccessKind::Load, nullptr, 11);
  const UnitAnalysis ua = analyzeUnit(tu, {});
  for (const ir::Access& a : tu.accesses) {
    const AccessResult one = analyzeAccess(tu, a);
    const AccessResult& all = ua.results[static_cast<size_t>(a.id)];
    EXPECT_EQ(one.shape, all.shape) << a.id;
    EXPECT_EQ(one.status, all.status) << a.id;
    ASSERT_EQ(one.shapes.size(), all.shapes.size());
    for (size_t i = 0; i < one.shapes.size(); ++i) EXPECT_EQ(one.shapes[i].wavefronts, all.shapes[i].wavefronts) << a.id << " shape " << i;
  }
}

TEST(MapperShapes, AnAccessNotComputedIsUnknownWithEveryShape) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32), shape(1, 32)});
  addAccess(tu, ir::AccessKind::Load, nullptr, 7);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  EXPECT_EQ(r.status, AccessResult::Status::Unknown);
  EXPECT_EQ(r.unknownReason, "value loaded from memory");
  ASSERT_EQ(r.shapes.size(), 2u);
  EXPECT_FALSE(r.shapes[0].computed);
  EXPECT_FALSE(r.shapes[1].computed);
}

TEST(MapperShapes, UnknownBlockShapeIsNotComputed) {
  ir::LaunchShape unknown;
  unknown.unknownReason = "no launch of 'k' in this file";
  ir::TranslationUnit tu = unitWithShapes({unknown});
  addAccess(tu, ir::AccessKind::Load, tileOffset(ty(), tx()), 7);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  EXPECT_EQ(r.status, AccessResult::Status::Unknown);
  EXPECT_EQ(r.unknownReason, "block shape unknown: no launch of 'k' in this file");
}

TEST(MapperShapes, WidthPredictionUsesTheShapesBlockDim) {
  // for (k = 0; k < blockDim.x; ++k) ... s[ty][k]: nvcc merges the unrolled iterations, as many
  // as the trip count, which blockDim.x sets.
  ir::TranslationUnit tu = unitWithShapes({shape(4, 8), shape(2, 16), shape(1, 32)});
  ir::KernelInstance& k = tu.kernels[0];
  ir::Symbol iter;
  iter.id = 0;
  iter.kind = ir::SymbolKind::LoopIteration;
  iter.name = "k";
  iter.loop = 0;
  k.symbols.push_back(iter);
  ir::Loop loop;
  loop.id = 0;
  loop.iterSymbol = 0;
  loop.inductionVar = "k";
  loop.inductionValue = ir::makeSymbol(0, "k", ir::IntType::uint32());
  loop.condition = ir::makeBinary(ir::BinaryOp::LT, loop.inductionValue, ir::makeBuiltin(ir::BuiltinVar::BlockDimX), ir::IntType::boolean());
  loop.unroll = 1;
  loop.loc = {"k.cu", 6, 5};
  k.loops.push_back(loop);
  ir::Access& a = addAccess(tu, ir::AccessKind::Load, tileOffset(ty(), loop.inductionValue), 7);
  a.loops = {0};
  EXPECT_EQ(predictWidth(tu, a, blockShape(k, 0)).width, 16u);
  EXPECT_EQ(predictWidth(tu, a, blockShape(k, 1)).width, 8u);
  EXPECT_EQ(predictWidth(tu, a, blockShape(k, 2)).width, 4u);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  ASSERT_EQ(r.status, AccessResult::Status::Computed);
  EXPECT_EQ(r.instructionWidth, blockShape(k, static_cast<size_t>(r.shape)).x * 4);
}

// A warp whose lanes hold the same values of the thread indices the access reads as an earlier
// warp is counted from that warp's cases: the same totals as evaluating it, and only where every
// index it reads (offset, predicates, loop conditions) repeats.
TEST(MapperWarps, AWarpThatRepeatsTheIndicesTheAccessReadsIsReplayed) {
  // 16x64: every warp holds threadIdx.x 0-15 twice. s[tx * 32]: 16 words of one bank (the two
  // lanes of each word share it), 16-way in each of the 32 warps.
  ir::TranslationUnit tu = unitWithShapes({shape(16, 64)});
  addAccess(tu, ir::AccessKind::Load, ir::mulBytes(mul(tx(), u32(32)), 4), 7);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  ASSERT_EQ(r.status, AccessResult::Status::Computed);
  EXPECT_DOUBLE_EQ(r.executions, 32.0);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 32.0 * 16.0);
  EXPECT_EQ(r.worstWays(), 16);
  EXPECT_EQ(r.enumerated, 32u);
  EXPECT_EQ(r.replayed, 31u);
}

TEST(MapperWarps, WarpsThatDifferInAnIndexTheOffsetReadsAreEachEvaluated) {
  // 32x2, s[tx * (ty + 1)]: warp 0 conflict-free, warp 1 2-way.
  ir::TranslationUnit tu = unitWithShapes({shape(32, 2)});
  addAccess(tu, ir::AccessKind::Load, ir::mulBytes(mul(tx(), add(ty(), u32(1))), 4), 7);
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  ASSERT_EQ(r.status, AccessResult::Status::Computed);
  EXPECT_DOUBLE_EQ(r.totalWavefronts, 3.0);
  EXPECT_EQ(r.worst.warp, 1);
  EXPECT_EQ(r.replayed, 0u);
}

TEST(MapperWarps, APredicateOrLoopConditionOnAnotherIndexKeepsTheWarpsApart) {
  // 32x2, `if (ty == 1) s[tx]`: only warp 1 executes it.
  ir::TranslationUnit tu = unitWithShapes({shape(32, 2)});
  ir::Access& guarded = addAccess(tu, ir::AccessKind::Store, ir::mulBytes(tx(), 4), 7);
  guarded.predicates.push_back(
      {ir::makeBinary(ir::BinaryOp::EQ, ty(), u32(1), ir::IntType::boolean()), {"k.cu", 6, 5}});
  // for (k = 0; k < ty + 1; ++k) s[tx * 2 + k]: 2-way, once in warp 0 and twice in warp 1.
  const ir::ExprRef k = addLoop(tu, 4, 8);
  tu.kernels[0].loops[0].condition = ir::makeBinary(ir::BinaryOp::LT, k, add(ty(), u32(1)), ir::IntType::boolean());
  ir::Access& looped = addAccess(tu, ir::AccessKind::Load, ir::mulBytes(add(mul(tx(), u32(2)), k), 4), 9);
  looped.loops = {0};
  const UnitAnalysis ua = analyzeUnit(tu, {});
  ASSERT_EQ(ua.results[0].status, AccessResult::Status::Computed);
  EXPECT_DOUBLE_EQ(ua.results[0].executions, 1.0);
  EXPECT_EQ(ua.results[0].worst.warp, 1);
  ASSERT_EQ(ua.results[1].status, AccessResult::Status::Computed);
  EXPECT_DOUBLE_EQ(ua.results[1].executions, 3.0);
  EXPECT_DOUBLE_EQ(ua.results[1].totalWavefronts, 6.0);
  EXPECT_EQ(ua.results[0].replayed + ua.results[1].replayed, 0u);
}

TEST(MapperWarps, AnAssumptionRepeatedByInlinedCopiesIsOneNote) {
  // The same `break` met in four inlined copies of a loop: its note is said once, first.
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1)});
  ir::Access& a = addAccess(tu, ir::AccessKind::Load, ir::mulBytes(tx(), 4), 7);
  const std::string brk = "the loop may exit early (break at line 3); its later iterations are assumed to run";
  a.assumptions = {brk, "condition at line 5 assumed true: whether the pointer 'm' is null", brk, brk};
  const AccessResult r = analyzeUnit(tu, {}).results[0];
  ASSERT_EQ(r.status, AccessResult::Status::Computed);
  EXPECT_EQ(std::count(r.notes.begin(), r.notes.end(), brk), 1);
  ASSERT_GE(r.notes.size(), 2u);
  EXPECT_EQ(r.notes[0], brk);
}

// s[tx % 16 * 2][ty]-like pattern: conflicts only when blockDim.x is small enough to fold rows
// into a warp. Here: s[ty][tx] over a family of 1-D-ish shapes 32x1, 16x2, 8x4.
ir::TranslationUnit familyUnit() {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1, "assumed: no launch", true), shape(16, 2, "assumed: no launch", true),
                                           shape(8, 4, "assumed: no launch", true)});
  tu.kernels[0].familyDescription = "2-D blocks 32x1, 16x2, 8x4: test family";
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);  // 1, 2, 4-way
  addAccess(tu, ir::AccessKind::Load, tileOffset(tx(), ty()), 9);   // a column with every shape
  return tu;
}

TEST(ConflictVerdict, FamilyPolicyAllSeparatesShapeDependentConflicts) {
  const ir::TranslationUnit tu = familyUnit();
  const UnitAnalysis ua = analyzeUnit(tu, {});
  const ConflictVerdict row = judgeConflict(tu.kernels[0], ua.results[0], 2.0, FamilyPolicy::All);
  EXPECT_EQ(row.kind, ConflictVerdict::Kind::ShapeDependent);
  EXPECT_TRUE(row.family);
  EXPECT_EQ(row.conflicting, (std::vector<int>{1, 2}));
  EXPECT_EQ(row.clean, (std::vector<int>{0}));
  const ConflictVerdict column = judgeConflict(tu.kernels[0], ua.results[1], 2.0, FamilyPolicy::All);
  EXPECT_EQ(column.kind, ConflictVerdict::Kind::Warning);
  EXPECT_EQ(column.conflicting, (std::vector<int>{0, 1, 2}));
  // A higher threshold leaves only the 4-way shape: still shape-dependent.
  EXPECT_EQ(judgeConflict(tu.kernels[0], ua.results[0], 4.0, FamilyPolicy::All).conflicting, (std::vector<int>{2}));
}

TEST(ConflictVerdict, FamilyPolicyAnyWarnsForAnyMember) {
  const ir::TranslationUnit tu = familyUnit();
  const UnitAnalysis ua = analyzeUnit(tu, {});
  EXPECT_EQ(judgeConflict(tu.kernels[0], ua.results[0], 2.0, FamilyPolicy::Any).kind, ConflictVerdict::Kind::Warning);
}

TEST(ConflictVerdict, FamilyPolicyOffLeavesTheAccessNotComputed) {
  const ir::TranslationUnit tu = familyUnit();
  const UnitAnalysis ua = analyzeUnit(tu, {});
  const ConflictVerdict v = judgeConflict(tu.kernels[0], ua.results[1], 2.0, FamilyPolicy::Off);
  EXPECT_EQ(v.kind, ConflictVerdict::Kind::NotComputed);
  EXPECT_NE(v.unknownReason.find("block shape unknown"), std::string::npos) << v.unknownReason;
}

TEST(ConflictVerdict, TheKernelsOwnPolicyWinsOverTheCommandLine) {
  ir::TranslationUnit tu = familyUnit();
  tu.kernels[0].familyPolicy = "any";
  const UnitAnalysis ua = analyzeUnit(tu, {});
  EXPECT_EQ(judgeConflict(tu.kernels[0], ua.results[0], 2.0, FamilyPolicy::All).kind, ConflictVerdict::Kind::Warning);
}

TEST(ConflictVerdict, LaunchedShapesWarnWhenAnyShapeConflicts) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32), shape(16, 2, "launch at k.cu:52")});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  const UnitAnalysis ua = analyzeUnit(tu, {});
  const ConflictVerdict v = judgeConflict(tu.kernels[0], ua.results[0], 2.0, FamilyPolicy::All);
  EXPECT_EQ(v.kind, ConflictVerdict::Kind::Warning);
  EXPECT_FALSE(v.family);
  EXPECT_EQ(v.conflicting, (std::vector<int>{1}));
  EXPECT_EQ(v.clean, (std::vector<int>{0}));
}

TEST(ConflictVerdict, CleanWithSomeShapesNotComputedIsNotComputed) {
  ir::LaunchShape unknown;
  unknown.x = 64;
  unknown.unknownReason = "test: not computable";
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32), unknown});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  const UnitAnalysis ua = analyzeUnit(tu, {});
  EXPECT_EQ(ua.results[0].status, AccessResult::Status::Computed);
  const ConflictVerdict v = judgeConflict(tu.kernels[0], ua.results[0], 2.0, FamilyPolicy::All);
  EXPECT_EQ(v.kind, ConflictVerdict::Kind::NotComputed);
  EXPECT_EQ(v.unknownReason, "with block 64x1x1: block shape unknown: test: not computable");
}

}  // namespace
}  // namespace bankcheck::mapper
