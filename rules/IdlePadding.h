// Padding written into a shared array's declaration (`[32 + 1]`, `[BK + 4]`) that does nothing:
// no access ever reaches the padded elements (so it is padding, not a halo), and removing it
// changes no access's wavefronts. What bankcheck-padding-wrong-dimension and
// bankcheck-ineffective-padding report, computed once per translation unit.
#pragma once

#include <vector>

#include "rules/Check.h"

namespace bankcheck::rules {

struct IdlePadding {
  int array = -1;            // the first instance of the declaration
  int dim = -1;
  int64_t pad = 0;           // elements, as written
  uint64_t bytesPerBlock = 0;  // what it costs, the most of any instance
  int conflictedAccess = -1;   // the array's worst conflicted access, -1 when none is
  double worstWays = 1;
};

struct PaddingCache {
  std::vector<IdlePadding> idle;
};

// The idle paddings of `ctx.tu` (computed on first use, then cached in the context).
const std::vector<IdlePadding>& idlePaddings(const CheckContext& ctx);

}  // namespace bankcheck::rules
