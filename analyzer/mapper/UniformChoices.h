// A choice between two addresses that every lane of a warp makes alike, on a value the analysis
// cannot know: `start = (row_start == col_start) ? threadIdx.x + 1 : 0` with the rows and columns
// from block indices (mmcv's NMS kernels), or a kernel parameter's flag. Some blocks or launches
// take one side and some the other, and each side alone may be computable where the choice is
// not (the address depends on blockIdx "in a way that changes the pattern"). Each side is then
// mapped on its own and the worse is reported, with both counts in a note.
#pragma once

#include <optional>
#include <string>

#include "ir/Module.h"

namespace bankcheck::mapper {

struct UniformChoice {
  ir::ExprRef condition;
  ir::ExprRef ifTrue, ifFalse;  // the whole offset with the choice made each way
};

// The outermost such choice in `offset`: a select whose condition has no thread index and no
// unknown, and depends on a block index or on a symbol that is not the iteration of one of
// `loops` (the access's enclosing loops, which the mapper enumerates itself).
std::optional<UniformChoice> uniformChoiceIn(const ir::ExprRef& offset, const ir::KernelInstance& kernel, const std::vector<int>& loops);

}  // namespace bankcheck::mapper
