// The mapper's budgets for searches: a total of wavefronts an access may reach, and a number of
// cases several accesses share. Past either, the result says so (overBudget) and its totals are
// partial; below them, the result is the one without a budget.
#include <atomic>

#include <gtest/gtest.h>

#include "common/HandBuiltUnit.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::mapper {
namespace {

using namespace bankcheck::testing;

// for (y < 64) s[tx * 32 + y * tx] = ...: 64 executions of one warp, each enumerated.
struct ColumnStores {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1)});
  ir::Access* access = nullptr;
  ColumnStores() {
    const ir::ExprRef y = addLoop(tu, 64, 10);
    // The lane's part varies with tx and y both, so every iteration is enumerated.
    access = &addAccess(tu, ir::AccessKind::Store, ir::mulBytes(add(mul(tx(), u32(32)), mul(y, tx())), 4), 12);
    access->loops = {0};
  }
};

TEST(MapperBudgets, BelowTheWavefrontBudgetTheResultIsTheUnboundedOne) {
  ColumnStores c;
  const AccessResult free = analyzeAccess(c.tu, *c.access);
  ASSERT_EQ(free.status, AccessResult::Status::Computed) << free.unknownReason;
  AnalysisOptions o;
  o.limits.maxTotalWavefronts = free.totalWavefronts + 1;
  const AccessResult bounded = analyzeAccess(c.tu, *c.access, o);
  EXPECT_FALSE(bounded.overBudget);
  EXPECT_FALSE(bounded.stoppedEarly);
  EXPECT_DOUBLE_EQ(bounded.totalWavefronts, free.totalWavefronts);
  EXPECT_DOUBLE_EQ(bounded.executions, free.executions);
}

TEST(MapperBudgets, ReachingTheWavefrontBudgetStopsTheEnumeration) {
  ColumnStores c;
  const AccessResult free = analyzeAccess(c.tu, *c.access);
  ASSERT_GT(free.executions, 2.0);
  AnalysisOptions o;
  o.limits.maxTotalWavefronts = free.totalWavefronts / 2;
  const AccessResult bounded = analyzeAccess(c.tu, *c.access, o);
  EXPECT_TRUE(bounded.overBudget);
  EXPECT_TRUE(bounded.stoppedEarly);
  EXPECT_FALSE(bounded.exhaustive);
  EXPECT_GE(bounded.totalWavefronts, free.totalWavefronts / 2);  // it stops once reached, not before
  EXPECT_LT(bounded.totalWavefronts, free.totalWavefronts);
  EXPECT_LT(bounded.enumerated, free.enumerated);
}

TEST(MapperBudgets, TheSharedCaseBudgetStopsEveryAccessThatDrawsOnIt) {
  ColumnStores c;
  const AccessResult free = analyzeAccess(c.tu, *c.access);
  ASSERT_GT(free.enumerated, 10u);
  std::atomic<uint64_t> visits{0};
  AnalysisOptions o;
  o.limits.sharedVisits = &visits;
  o.limits.sharedBudget = free.enumerated + free.enumerated / 2;  // room for one and a half
  const AccessResult first = analyzeAccess(c.tu, *c.access, o);
  EXPECT_FALSE(first.overBudget);
  EXPECT_DOUBLE_EQ(first.totalWavefronts, free.totalWavefronts);
  const AccessResult second = analyzeAccess(c.tu, *c.access, o);
  EXPECT_TRUE(second.overBudget);
  EXPECT_LT(second.executions, free.executions);
}

}  // namespace
}  // namespace bankcheck::mapper
