// Two views of one buffer in different phases (the CUDA samples' tensor-core GEMMs stage A/B in
// rows of the declaration and the C tile as floats of the same memory): a padding may move one
// view's rows and leave the other's bytes where they are only if no data passes between them.
// That holds when every read's data was last written through its own view: its nearest earlier
// write of the buffer in the kernel's order is one of its view's, and no loop around the read
// (but not around that write) holds a write of the other view. An assumption remains, and the
// proof says so: a write covers what the reads after it take (the original program relies on it).
#pragma once

#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::advisor {

// `accesses` are every access of one buffer; `moves[i]` says which view accesses[i] is in.
// Returns "" when no read of one view can return what the other view wrote, else why not (the
// first read whose data may come from the other view, with that write's line).
std::string viewsExchangeData(const std::vector<ir::Access>& accesses, const std::vector<char>& moves);

// The proof's note for the view at `lines` (e.g. "244, 261") of `buffer`, which either keeps its
// bytes or (`ownPadding`) gets rows padded on their own: both rest on no data passing between views.
std::string separateViewsNote(const std::string& lines, const std::string& buffer, bool ownPadding);

}  // namespace bankcheck::advisor
