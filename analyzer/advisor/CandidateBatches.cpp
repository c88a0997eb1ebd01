#include "advisor/CandidateBatches.h"

#include <algorithm>
#include <vector>

#include "llvm/Support/Parallel.h"
#include "llvm/Support/Threading.h"

namespace bankcheck::advisor {

CandidatePick pickCandidate(size_t count, const Evaluation& baseline,
                            const std::function<std::optional<Evaluation>(size_t, double)>& evaluate,
                            const std::function<bool()>& expired) {
  CandidatePick pick;
  const auto conflictFree = [&] { return pick.index && pick.evaluation.worstWays <= 1 + 1e-9; };
  const size_t batch = std::max<size_t>(4, 2 * llvm::hardware_concurrency().compute_thread_count());
  for (size_t start = 0; start < count && !conflictFree(); start += batch) {
    if (expired && expired()) {
      pick.timedOut = true;
      break;
    }
    const size_t end = std::min(count, start + batch);
    double budget = baseline.totalWavefronts * (1 - 1e-9);
    if (pick.index)
      budget = std::min(budget, pick.evaluation.totalWavefronts - 1e-9 * std::max(1.0, pick.evaluation.totalWavefronts));
    std::vector<std::optional<Evaluation>> results(end - start);
    llvm::parallelFor(start, end, [&](size_t i) { results[i - start] = evaluate(i, budget); });
    for (size_t i = start; i < end && !conflictFree(); ++i) {
      if (!results[i - start]) continue;
      const Evaluation& e = *results[i - start];
      const double eps = 1e-9 * std::max(1.0, e.totalWavefronts);
      if (!pick.index || e.totalWavefronts < pick.evaluation.totalWavefronts - eps) {
        pick.index = i;
        pick.evaluation = e;
      }
    }
  }
  return pick;
}

}  // namespace bankcheck::advisor
