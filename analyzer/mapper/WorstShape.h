// Of an access's results for each block shape of its kernel, the one the report shows: the worst
// (highest conflict multiplier, then most wavefronts), carrying what every shape gives.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "mapper/AccessResult.h"

namespace bankcheck::mapper {

ShapeOutcome outcomeOf(const AccessResult& r);

// Whether `a` is strictly worse than `b`: one that runs beats one that does not, which beats one not
// computed; then higher ways (compared exactly, as wavefronts/ideal fractions), then more wavefronts.
bool worseOutcome(const ShapeOutcome& a, const ShapeOutcome& b);

// `perShape[i]` is the access computed with the kernel's shape i (at least one). The worst is
// moved out, with `shape` and `shapes` set.
AccessResult worstOfShapes(llvm::MutableArrayRef<AccessResult> perShape);

}  // namespace bankcheck::mapper
