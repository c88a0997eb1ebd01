// Source edits for a padding: the dimension's text as written gets the padding appended
// (`32` -> `32 + 1`, `TILE` -> `TILE + 1`, `BX + 2` -> `BX + 2 + 30`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "ir/Module.h"

namespace bankcheck::advisor {

std::string paddedDimensionText(const std::string& text, int64_t pad);

// The edit padding dimension `dim` of `a`; nullopt (with `why`) when the dimension cannot be
// edited in place (spelled inside a macro, or not written as an array dimension).
std::optional<Edit> dimensionEdit(const ir::SharedArray& a, int dim, int64_t pad, std::string& why);

// "tile[32][32 + 1]"
std::string declarationText(const ir::SharedArray& a, int dim, int64_t pad);

// Applies non-overlapping edits of one file to its text.
std::string applyEdits(const std::string& source, std::vector<Edit> edits);

// The literal padding already written in a dimension (`BK + 4` -> 4), or 0.
int64_t writtenPadding(const std::string& text);

// `text` with each run of white space that breaks a line made one space, so that the copy of an
// index an edit repeats (`i + i / 32`) adds no line; unchanged where a line comment would swallow
// the rest.
std::string onOneLine(const std::string& text);
// Source text as an operand of a new expression: bare when it is a name, a number, a member
// access (`threadIdx.x`) or already one parenthesized expression (`(Bc * tx)`), in parentheses
// otherwise.
std::string asOperand(const std::string& text);

}  // namespace bankcheck::advisor
