// The IR as it would be after padding one dimension of some arrays: dimensions, sizes, row-stride
// symbols and every affected access's byte offset are recomputed from the symbolic offsets the
// front end kept (ir::SymbolKind::ArrayStride), so a padding can be evaluated without re-parsing.
#pragma once

#include <vector>

#include "ir/Module.h"

namespace bankcheck::advisor {

// A copy of `tu` in which dimension `dim` of each array in `arrays` has `pad` more elements.
ir::TranslationUnit withPadding(const ir::TranslationUnit& tu, const std::vector<int>& arrays, int dim, int64_t pad);

// Bytes of shared memory the padding adds per block of `kernel`.
int64_t addedBytes(const ir::TranslationUnit& before, const ir::TranslationUnit& after, int kernel);

}  // namespace bankcheck::advisor
