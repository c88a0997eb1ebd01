// ptxas merges neighbouring accesses of an array into one instruction, as it merges the iterations
// of an unrolled loop (WidthPrediction.h): `HALF2(s[r][c]) = ...; HALF2(s[r][c + 2]) = ...;` is
// one STS.64, and loads in one aligned window are one load of the block that holds them, but for
// two words of a 16-byte block that are not an aligned pair (docs/hardware-model.md, "Merged
// narrow accesses" and "Across inlined calls"). Calls inlined a few lines apart count as one
// function, and a loop that runs once separates nothing.
#pragma once

#include "ir/Module.h"
#include "mapper/AccessMapper.h"

namespace bankcheck::mapper {

// Widens `plan` to the instruction `access` is merged into with the accesses recorded next to it:
// the same kind of access to the same array, a few statements apart, with nothing that
// synchronizes between them, whose addresses continue its own by a constant. Leaves `plan` as it
// is when there is no such merge.
// Accesses recorded on either side of an access that are looked at for a merge.
inline constexpr int kNeighbourWindow = 8;

// `fixed`, when given, sets one loop's iteration in every offset compared (IterationMerge.h:
// neighbours whose distance depends on that iteration); the note then says nothing of lines.
struct FixedIteration {
  int symbol = -1;
  int64_t value = 0;
};
void mergeWithNeighbours(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape, WidthPlan& plan,
                         const FixedIteration* fixed = nullptr);

}  // namespace bankcheck::mapper
