// Accesses whose column a swizzle must write on its aligned base so that nvcc still merges them
// into one wide instruction (docs/advisor.md, "XOR swizzles"): the iterations of an unrolled loop
// (`swz(col - n % 4) + n % 4`) and neighbours a constant apart (`swz(c) + 2`).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::advisor {

// A column that ptxas reads or writes a few elements at a time: `tile[k][tx * 8 + n]` over an
// unrolled `n` is one LDS.128 per four iterations, `HALF2(s[k][c + 0])` and `HALF2(s[k][c + 2])`
// one STS.64. Swizzled as `swz(tx * 8 + n)` it becomes four LDS; as `swz(tx * 8) + n` it stays one
// (docs/hardware-model.md, "A swizzled column keeps the merge only if the XOR is on the aligned
// base"). So the column is spelled `swz(col - n) + n` (`swz(c) + 2`), which is the same element
// whenever the part before the offset is a multiple of the XOR's chunk and the offset is inside it.
struct MergedColumn {
  std::string offsetText;  // "n", "n % 4" when the loop runs past one merged group, or "2"
  std::string variable;    // the loop's: "n" ("" for a constant offset)
  bool modulo = false;     // the offset is `n % group`
  int64_t group = 1;       // iterations merged into one instruction
  int64_t minChunk = 1;    // the XOR's chunks (elements) that keep the identity: from minChunk
  int64_t maxChunk = int64_t{1} << 30;  // to maxChunk, powers of two
  ir::ExprRef base;        // the column less `offset`
  ir::ExprRef offset;      // `n`, `n % 4` or the constant
};

// The merged columns of `accesses` (`asTheyAre[i]`: `accesses[i]` mapped as it is) that can be
// spelled on their aligned base, by access id. Every access written at the same place (the
// instantiations of a template share it) is one, with the same spelling, or none of them is.
std::map<int, MergedColumn> mergedColumns(const ir::TranslationUnit& tu, const std::vector<int>& accesses,
                                          const std::vector<mapper::AccessResult>& asTheyAre);

// `col - offset` in source text: `tx * 8` for `tx * 8 + n` less `n`, where what precedes ` + n` has
// no operator that binds looser than `+` (so it is the sum's other term); else `col - n % 4`.
std::string columnLess(const std::string& col, const std::string& offset);

}  // namespace bankcheck::advisor
