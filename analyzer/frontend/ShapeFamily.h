// The family of block shapes a kernel admits when no launch in the file fixes its shape: from
// the thread indices it uses, its __launch_bounds__, and how its shared tiles are indexed
// (`tile[threadIdx.y][threadIdx.x]` bounds blockDim.x by the row length). The mapper computes
// every member; the report warns for what holds across the family (docs/user-guide.md).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::frontend {

struct ShapeFamily {
  std::vector<std::array<unsigned, 3>> shapes;  // empty when the kernel admits no family we can name
  std::string description;                      // what the family is and why
};

// `maxThreads` is the __launch_bounds__ limit, or 1024.
ShapeFamily shapeFamilyOf(const ir::TranslationUnit& tu, const ir::KernelInstance& k, unsigned maxThreads);

}  // namespace bankcheck::frontend
