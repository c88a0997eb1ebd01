// What the mapper says about the accesses of one array, summed: the search ranks candidates by
// it, a proposal carries the one it predicts, and the proof judges it.
#pragma once

#include <cstdint>
#include <string>

namespace bankcheck::advisor {

// A fix must hold for every block shape a kernel is analyzed with (every launch, every member of
// an assumed family), so the totals add up the shapes and the worst is over all of them.
struct Evaluation {
  double totalWavefronts = 0;  // sum over the accesses and shapes of wavefronts x executions
  double worstWays = 0;        // the worst warp-instruction of any access with any shape
  unsigned accesses = 0;
  unsigned unknown = 0;
  unsigned unweighed = 0;      // computed but not weighed (cp.async.cg copies: AccessResult::weighedByAdvisor)
  // Whether the enumeration of some access stopped at its cap of cases, and how every access's
  // loops were covered (AccessResult::plan, in order): totals of capped runs compare only
  // between runs that covered the same cases.
  bool stoppedEarly = false;
  std::string plans;
  uint64_t enumerated = 0;  // warp-instruction cases the mapper visited (the work the evaluation took)
};

// A search's screen maps each candidate with the enumeration capped at this many warp
// instructions and loop iterations stepped through per access and block shape: enough to rank
// candidates (the exact evaluation decides), a small part of the cost of evaluating them all.
inline constexpr uint64_t kScreenedWarpInstructions = 32;
inline constexpr uint64_t kScreenedLoopSteps = 512;

}  // namespace bankcheck::advisor
