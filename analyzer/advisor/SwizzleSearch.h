// XOR swizzles, for when no padding reaches the ideal or padding is not allowed (a static tile
// that would grow past 48 KB): the innermost index of every access becomes
// `col ^ (((row >> k) & mask) << shift)` or `col ^ (((col >> k) & mask) << shift)` (k above the
// bits the XOR changes), which permutes each row's 2^shift-element chunks and costs no shared
// memory. Chunks of 2^shift elements stay contiguous, so vector accesses stay valid.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "advisor/PaddingSearch.h"
#include "advisor/Proposal.h"
#include "ir/Module.h"

namespace bankcheck::advisor {

struct SwizzleChoice {
  int bits = 0;          // mask = 2^bits - 1, applied to the row index
  int shift = 0;         // the XOR moves chunks of 2^shift elements
  int sourceShift = 0;   // the bits that drive the XOR start here, in the row index,
  bool fromColumn = false;  // or in the column index itself (above the bits the XOR changes)
  // Accesses that ptxas merges into one wide instruction keep the merge only when the XOR is
  // written on the aligned base and their offset added after it (MergedColumns.h): access id ->
  // that offset's text (`n` or `n % 4` for an unrolled loop, `2` for a neighbour written `c + 2`).
  std::map<int, std::string> offsetAfterXor;
  // The unit with every access of the group swizzled, where one is merged with its neighbours
  // (mapped there so that they are swizzled too); null otherwise.
  std::shared_ptr<const ir::TranslationUnit> unit;
  Evaluation evaluation;
  std::string cute;      // "Swizzle<3,2,3>" when the row length is a power of two, the same in every instantiation
};

struct SwizzleSearchResult {
  std::optional<SwizzleChoice> best;  // only when it lowers the total wavefronts
  std::string whyNot;
};

// `asTheyAre[i]`: `accesses[i]` mapped as it is, with predicted widths (the main analysis's
// result, which the advisor holds); `baseline` is their sum. `expired` (when given) ends the
// search early with the best candidate so far.
SwizzleSearchResult searchSwizzle(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                  const std::vector<int>& accesses, const std::vector<mapper::AccessResult>& asTheyAre,
                                  const Evaluation& baseline,
                                  const std::function<bool()>& expired = {});

// The edits that apply `choice` to every access of the group (one per distinct source place).
std::vector<Edit> swizzleEdits(const ir::TranslationUnit& tu, const std::vector<int>& accesses, const SwizzleChoice& choice);

// "[r][c ^ ((r & 7) << 2)]", "[r][c ^ (((r >> 3) & 1) << 4)]", "[r][c ^ (((c >> 3) & 1) << 2)]".
std::string swizzledIndexText(const SwizzleChoice& choice);

}  // namespace bankcheck::advisor
