// The terms of a shared pointer's offset that are written in the source, followed from the
// array through every derivation of the pointer to the access (ir::OffsetPiece), so that a
// one-dimensional padding can rewrite them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::frontend {

// Shared between the copies of a value; `whyNot` is set when the terms cannot be followed (a
// pointer chosen between two derivations).
struct OffsetPieces {
  std::shared_ptr<const std::vector<ir::OffsetPiece>> list;
  std::string whyNot;
  // The offset is the sum of the terms (times their units): nothing unwritten was added (a
  // subtraction, a step in a loop, a member's offset, integer arithmetic on an address).
  bool complete = true;

  OffsetPieces with(ir::OffsetPiece p) const {
    auto next = list ? std::make_shared<std::vector<ir::OffsetPiece>>(*list) : std::make_shared<std::vector<ir::OffsetPiece>>();
    next->push_back(std::move(p));
    OffsetPieces out;
    out.list = std::move(next);
    out.whyNot = whyNot;
    out.complete = complete;
    return out;
  }
  bool sameTerms(const OffsetPieces& o) const;
  // `cond ? this : o`: the same written terms with selected values, or not followed.
  OffsetPieces merged(const ir::ExprRef& cond, const OffsetPieces& o) const;
};

}  // namespace bankcheck::frontend
