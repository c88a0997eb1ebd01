// A row padding taken out again. Tiles filled by 16-byte cp.async.cg copies are padded so that
// their ldmatrix reads do not conflict (LeetCUDA's `B_PAD = 8`, flash attention's `kPad`), but a
// padded row splits each 128-byte line the copies read over two shared lines: measured on the H200,
// the copies then take 1.8x to 2.6x their time, where unpadded rows with an XOR swizzle of their
// 16-byte chunks cost them nothing and keep the reads conflict-free (docs/hardware-model.md).
//
// The padding is a kernel template parameter added to the row stride in the accesses' written
// terms (`row * (BN + B_PAD) + col`); it is removed where its value is written: the literal each
// launch passes, or the host constant it passes (`constexpr int B_PAD = 8;`). The advisor
// re-analyzes the file with those literals set to 0 (the parameter also sizes the tiles and their
// carve-out offsets, which only the front end can evaluate again), then searches the swizzle on
// that unit's IR (advisor/Advisor.cpp, "Padded rows filled by copies").
#pragma once

#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "ir/Module.h"

namespace bankcheck::advisor {

struct PaddingRemoval {
  std::vector<Edit> edits;  // each distinct place the parameter's value is written, set to 0
  std::string param;        // "B_PAD"
  int64_t value = 0;        // its value now
  std::string where;        // "hgemm.cu:644 (constexpr 'B_PAD'), hgemm.cu:834 (constexpr 'B_PAD')"
  std::string whyNot;       // when no such parameter is found
};

// The template parameter that pads the rows the accesses use: a name with a positive
// compile-time value added to a stride in their written terms, whose value every launch of every
// kernel instance making the accesses writes as a literal or passes as a host constant
// initialized by one. When several qualify, one added in the accesses' own terms goes first (not
// only in the offset their tile is carved at), then the smallest value (the padding, not the row
// it is added to).
PaddingRemoval findPaddingParameter(const ir::TranslationUnit& tu, const std::vector<int>& accesses);

// Moves `span`, found in the text after `edits` were applied, to where the same text is before
// them: edits earlier in its file shift its offsets (and its columns, on the same line). False
// when an edit overlaps it.
bool spanBeforeEdits(ir::SourceSpan& span, const std::vector<Edit>& edits);

}  // namespace bankcheck::advisor
