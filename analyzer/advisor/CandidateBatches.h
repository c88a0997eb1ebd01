// The order in which a fix search evaluates its candidates (swizzles of a column, swizzles of the
// whole offset): a batch at a time over the cores, each candidate mapped with the budget of the
// best so far (totals only grow, so one that reaches it is rejected there), then taken in order,
// so the first conflict-free candidate wins as a serial search would choose, and otherwise the
// cheapest that costs less than the layout as it is.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>

#include "advisor/Evaluation.h"

namespace bankcheck::advisor {

struct CandidatePick {
  std::optional<size_t> index;  // the candidate chosen; none when no candidate beat `baseline`
  Evaluation evaluation;        // its evaluation
  bool timedOut = false;        // `expired` stopped the search before every candidate was seen
};

// `evaluate(i, budget)` maps candidate i and returns its evaluation, or nothing when it reached
// `budget` wavefronts (or computed less than the baseline did). It runs on several threads at
// once, for different i.
CandidatePick pickCandidate(size_t count, const Evaluation& baseline,
                            const std::function<std::optional<Evaluation>(size_t, double)>& evaluate,
                            const std::function<bool()>& expired = {});

}  // namespace bankcheck::advisor
