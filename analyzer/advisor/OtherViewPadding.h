// The second view of a buffer whose declared rows a padding moves (the CUDA samples' tensor-core
// GEMMs: A/B in the declared rows, the C tile as floats of the same memory at its own stride):
// the declared-row padding leaves that view's bytes in place, and its own conflicts with them.
// Since no data passes between the views (ViewDataFlow.h), the view's rows can be padded on their
// own: searched like any carve-out's (every term t becomes t + t / S * P), evaluated on the IR,
// and merged with the first padding, each launch's byte count growing by the larger of the two.
#pragma once

#include <functional>
#include <vector>

#include "advisor/FlattenedPadding.h"

namespace bankcheck::advisor {

// `result`: the declared-row padding of the buffer `roots` found for `accesses` (every access of
// the buffer), with `extent` its launches. Where the view it leaves in place still conflicts and a
// padding of that view's own rows lowers its wavefronts, `result` gets its edits and results;
// `result.otherViewNote` says what was done, or why not.
void padOtherView(const ir::TranslationUnit& tu, const std::vector<int>& roots, const std::vector<int>& accesses,
                  const DynamicExtent& extent, int64_t maxStaticBytes, const std::function<bool()>& expired,
                  FlattenedResult& result);

}  // namespace bankcheck::advisor
