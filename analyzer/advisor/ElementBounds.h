// Which elements of a shared array an access can reach: used to tell padding from a halo
// (bankcheck-ineffective-padding) and to keep an XOR swizzle inside the columns in use.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ir/Module.h"

namespace bankcheck::advisor {

// Whether no lane of `a` ever reaches an element at index `limit` or past it in dimension `dim`
// of its array, in any case the mapper enumerates (false when it cannot enumerate them all).
bool accessStaysBelow(const ir::TranslationUnit& tu, const ir::Access& a, size_t dim, int64_t limit);

// Whether the indices written on `a` (ir::DirectIndexing) are those of the element it reaches, in
// every case the mapper enumerates: none past the end of its dimension (`s[0][tx * 32]` reaches
// s[tx][0]). A layout change written on the indices moves the element they name, so it moves the
// access with its element only then. Unknown when the access itself is not computed.
enum class IndicesCheck { NameTheElement, CrossRows, Unknown };
IndicesCheck writtenIndicesNameTheElement(const ir::TranslationUnit& tu, const ir::Access& a);

}  // namespace bankcheck::advisor
