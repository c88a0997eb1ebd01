// The order of a fix search (advisor/CandidateBatches.h): what a serial search would choose.
#include "advisor/CandidateBatches.h"

#include <atomic>
#include <vector>

#include <gtest/gtest.h>

namespace bankcheck::advisor {
namespace {

Evaluation costing(double total, double worst) {
  Evaluation e;
  e.totalWavefronts = total;
  e.worstWays = worst;
  return e;
}

// Candidates given by their totals and worst ways; each is rejected when it reaches the budget.
CandidatePick pickFrom(const std::vector<Evaluation>& candidates, const Evaluation& baseline, std::vector<double>* budgets = nullptr) {
  std::vector<double> seen(candidates.size(), -1);
  CandidatePick pick = pickCandidate(candidates.size(), baseline, [&](size_t i, double budget) -> std::optional<Evaluation> {
    seen[i] = budget;
    if (candidates[i].totalWavefronts >= budget) return std::nullopt;
    return candidates[i];
  });
  if (budgets) *budgets = seen;
  return pick;
}

TEST(CandidateBatches, FirstConflictFreeWinsOverCheaperLaterOnes) {
  // Index 1 is conflict-free; index 2 is cheaper and conflict-free too, but a serial search stops at 1.
  const std::vector<Evaluation> candidates = {costing(90, 2), costing(80, 1), costing(70, 1)};
  const CandidatePick pick = pickFrom(candidates, costing(100, 4));
  ASSERT_TRUE(pick.index);
  EXPECT_EQ(*pick.index, 1u);
  EXPECT_DOUBLE_EQ(pick.evaluation.totalWavefronts, 80);
}

TEST(CandidateBatches, CheapestWhenNoneIsConflictFree) {
  const std::vector<Evaluation> candidates = {costing(95, 3), costing(60, 2), costing(60, 2), costing(99, 2)};
  const CandidatePick pick = pickFrom(candidates, costing(100, 4));
  ASSERT_TRUE(pick.index);
  EXPECT_EQ(*pick.index, 1u);  // the first of two equal ones
}

TEST(CandidateBatches, NothingThatCostsAsMuchAsTheLayoutAsItIs) {
  const std::vector<Evaluation> candidates = {costing(100, 1), costing(120, 1)};
  const CandidatePick pick = pickFrom(candidates, costing(100, 4));
  EXPECT_FALSE(pick.index);
  EXPECT_FALSE(pick.timedOut);
}

TEST(CandidateBatches, LaterBatchesGetTheBudgetOfTheBestSoFar) {
  // More candidates than one batch holds: the ones after the first batch are mapped with a budget
  // below the best of the first batch.
  std::vector<Evaluation> candidates(5000, costing(99, 2));
  candidates[0] = costing(50, 2);
  std::vector<double> budgets;
  const CandidatePick pick = pickFrom(candidates, costing(100, 4), &budgets);
  ASSERT_TRUE(pick.index);
  EXPECT_EQ(*pick.index, 0u);
  EXPECT_LT(budgets.back(), 50);
  EXPECT_GT(budgets.front(), 99);
}

TEST(CandidateBatches, StopsWhenTheTimeIsUp) {
  std::atomic<int> calls{0};
  const CandidatePick pick = pickCandidate(
      100, costing(100, 4),
      [&](size_t, double) -> std::optional<Evaluation> {
        ++calls;
        return costing(90, 2);
      },
      [] { return true; });
  EXPECT_TRUE(pick.timedOut);
  EXPECT_FALSE(pick.index);
  EXPECT_EQ(calls.load(), 0);
}

}  // namespace
}  // namespace bankcheck::advisor
