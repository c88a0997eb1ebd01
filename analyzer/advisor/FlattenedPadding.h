// Padding a flattened tile: `float As[BM * BK]` indexed `As[row * BK + k]`. The row stride is
// spelled in the declaration and in every index, so both must change together:
// `As[BM * (BK + P)]` and `As[row * (BK + P) + k]`. An access that does not use the stride
// (a linear fill `As[i]`) would then be wrong, so the fix is refused and the note says which.
// Each candidate is evaluated by re-analyzing the patched source (the stride is not a symbol
// the front end can vary).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "advisor/Advisor.h"
#include "advisor/Proposal.h"

namespace bankcheck::advisor {

struct FlattenedResult {
  std::vector<Edit> edits;
  int64_t pad = 0;
  std::string declarationAfter;
  double wavefrontsAfter = 0, worstWaysAfter = 0;
  int64_t bytesAdded = 0;
  std::string whyNot;
};

FlattenedResult searchFlattenedPadding(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                       const std::vector<int>& accesses, double wavefrontsBefore,
                                       const AdvisorOptions& options);

}  // namespace bankcheck::advisor
