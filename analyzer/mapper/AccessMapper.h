// The bank mapper: for one access, evaluates the 32 lane addresses of every warp of the block
// for every relevant value of the warp-uniform variables, and asks the hardware model how many
// wavefronts each warp-instruction needs.
#pragma once

#include <atomic>
#include <limits>

#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::mapper {

// The instruction the access becomes: its width, and whether nvcc merges `factor` consecutive
// iterations of loop `vectorLoop` into it (see WidthPrediction.h).
struct WidthPlan {
  unsigned width = 0;
  int vectorLoop = -1;
  unsigned factor = 1;
  // ptxas merged this access with neighbouring ones of the same statement sequence into one
  // instruction (`HALF2(s[r][c]) = ...; HALF2(s[r][c + 2]) = ...;` became one STS.64): the id of
  // the access whose address the merged instruction has (the lowest), or -1.
  int mergedWith = -1;
  bool neighbours = false;   // merged with neighbouring accesses (also the one mergedWith names)
  int64_t mergedOffset = 0;  // the merged instruction's address, in bytes from that access's
  std::vector<int> mergedMembers;  // the accesses of the merged instruction, this one among them
  WidthSource source = WidthSource::SourceType;
  std::string note;
};

struct MapperLimits {
  uint64_t maxWarpInstructions = uint64_t{1} << 17;  // enumeration cap per access
  uint64_t maxLoopIterations = uint64_t{1} << 16;
  // Iterations stepped through over all loops, those where no lane runs the access included (a
  // causal mask leaves half of them empty): a quick screen caps its work with it, as with
  // maxWarpInstructions its cases.
  uint64_t maxLoopSteps = std::numeric_limits<uint64_t>::max();
  // A budget of cases (AccessResult::enumerated) shared by several accesses mapped together: once
  // their visits reach `sharedBudget`, every one of them stops (AccessResult::overBudget). The
  // answer to "do these accesses take more than N cases" without paying for all of them.
  std::atomic<uint64_t>* sharedVisits = nullptr;
  uint64_t sharedBudget = 0;
  // Stops once the access's total wavefronts reach this (AccessResult::overBudget): totals only
  // grow, so the full total would reach it too. A search rejecting what costs as much as the
  // current layout need not count how much more a worse candidate costs.
  double maxTotalWavefronts = std::numeric_limits<double>::infinity();
  // Only probe the access: where the iteration of a loop with an unknown trip count changes its
  // pattern, find the first iteration that takes a lane past the end of its array
  // (AccessResult::extentBound), and enumerate nothing (mapper/ExtentBounds.h).
  bool probeExtent = false;
};

// The access with one block shape of its kernel (see BlockShapes.h).
AccessResult mapAccess(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                       const WidthPlan& plan, const MapperLimits& limits = {});

// The absolute byte offset of an access inside its (root) shared buffer: carved views add their
// offset in the raw `extern __shared__` buffer.
ir::ExprRef absoluteOffset(const ir::TranslationUnit& tu, const ir::Access& access);

}  // namespace bankcheck::mapper
