// What the mapper says about the accesses of one array, summed: the search ranks candidates by
// it, a proposal carries the one it predicts, and the proof judges it.
#pragma once

#include <cstddef>
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
  double copyWavefronts = 0;   // what those copies take, summed as totalWavefronts is (Nsight Compute's count)
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
// After the screen, at most this many candidates that may not be conflict-free are evaluated
// exactly: the best screened, and the next ones while their screened mean cost is within
// kScreenMargin of it.
inline constexpr size_t kExactAfterScreening = 3;
inline constexpr double kScreenMargin = 0.05;

// What a capped screen says of a candidate, over its accesses (addToScreen in PaddingSearch.h).
struct ScreenScore {
  // Mean wavefronts per execution of each computed shape, summed: capped enumerations cover a
  // different number of executions under each candidate, so their totals do not compare.
  double meanCost = 0;
  double worst = 0;    // the worst warp instruction the search weighs (as Evaluation::worstWays)
  bool blind = false;  // a shape stopped at the cap before any case ran: it says nothing of it
};

}  // namespace bankcheck::advisor
