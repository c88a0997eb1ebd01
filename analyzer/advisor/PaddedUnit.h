// The IR as it would be after padding one dimension of some arrays: dimensions, sizes, row-stride
// symbols and the affected accesses' byte offsets are recomputed from the symbolic offsets the
// front end kept (ir::SymbolKind::ArrayStride), so a padding is evaluated without re-parsing.
#pragma once

#include <vector>

#include "ir/Module.h"

namespace bankcheck::advisor {

struct PaddedGroup {
  ir::TranslationUnit unit;          // arrays and kernels as padded; no accesses (they are below)
  std::vector<ir::Access> accesses;  // the group's accesses with their new byte offsets
};

// Dimension `dim` of each array in `arrays` gets `pad` more elements (negative removes some).
PaddedGroup padGroup(const ir::TranslationUnit& tu, const std::vector<int>& arrays, const std::vector<int>& accesses,
                     int dim, int64_t pad);

// Bytes of shared memory the padding adds per block of `kernel`.
int64_t addedBytes(const ir::TranslationUnit& before, const ir::TranslationUnit& after, int kernel);

}  // namespace bankcheck::advisor
