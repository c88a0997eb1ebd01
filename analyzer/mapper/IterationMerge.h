// Neighbours merged in some iterations of an unrolled loop only. faiss's bitonic merge compares
// `listK[pos]` with `listK[pos + stride]` for stride = 16, 8, ..., 1 in a loop `#pragma unroll`
// unrolls: the two accesses are a different distance apart in each copy of the body, and in the
// copy where stride is 1 (pos even) ptxas makes them one LDS.64 / STS.64 (LDS.128 for 8-byte
// values). Measured on the H200 (measurements/public-faiss): the merged load sits on the first
// load's line and the merged store on the last store's, and the other line has no instruction in
// that copy. NeighbourMerge.h merges neighbours a constant apart; this splits an access whose
// neighbour's distance depends on one loop's iteration into that loop's iterations, each mapped
// with its own width.
#pragma once

#include <optional>
#include <vector>

#include "ir/Module.h"
#include "mapper/AccessMapper.h"
#include "mapper/AccessResult.h"

namespace bankcheck::mapper {

struct IterationSplit {
  int loop = -1;                 // the unrolled loop whose iterations differ
  std::vector<WidthPlan> plans;  // per iteration: the width plan of that copy of the body
  // Per iteration: the access whose line holds the merged instruction (the first load, the last
  // store), or -1 where nothing merges. Another access than this one: none of its own in that copy.
  std::vector<int> holders;
};

// The split of `access` (whose own `plan` merges nothing) by the iterations of an enclosing loop
// with a constant trip count that nvcc unrolls, when in some iteration it merges with a
// neighbour; none otherwise.
std::optional<IterationSplit> splitByIteration(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                                               const WidthPlan& plan);

// The access mapped iteration by iteration of the split's loop, each copy with its plan, summed
// as Nsight Compute sums a source line.
AccessResult mapByIteration(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                            const IterationSplit& split, const MapperLimits& limits);

}  // namespace bankcheck::mapper
