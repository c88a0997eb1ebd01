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

}  // namespace bankcheck::advisor
