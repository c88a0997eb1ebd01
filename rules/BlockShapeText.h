// How findings talk about block shapes: the shape a warning's worst case comes from, what each
// other launched shape gives, and the assumed family a kernel without a launch is checked over.
#pragma once

#include <string>
#include <vector>

#include "ir/Module.h"
#include "mapper/AccessResult.h"
#include "mapper/ConflictVerdict.h"

namespace bankcheck::rules {

// "32x8x1"
std::string blockText(const ir::LaunchShape& s);

// "block 16x16x1 (launch at f.cu:40); also launched with 32x8x1 at f.cu:52: 2-way there": the
// shape of the worst case, then what every other shape of the kernel gives.
std::string launchedShapesNote(const ir::KernelInstance& k, const mapper::AccessResult& r);

// "16x16x1 (32-way), 16x32x1 (8-way)": shapes by index, with the ways each gives when asked.
std::string shapeList(const ir::KernelInstance& k, const mapper::AccessResult& r, const std::vector<int>& shapes, bool withWays);

// The remark message of a conflict only some members of an assumed family have: "bank conflict
// on load from 's' depends on the block shape: with 16x16x1 (32-way); not with 32x8x1".
std::string shapeDependentMessage(const std::string& what, const ir::KernelInstance& k, const mapper::AccessResult& r,
                                  const mapper::ConflictVerdict& v);

// The notes that describe an assumed family under a warning or a shape-dependent remark: the
// worst member, the family, which members conflict, and how to state the real shape.
std::vector<std::string> familyNotes(const ir::KernelInstance& k, const mapper::AccessResult& r, const mapper::ConflictVerdict& v);

}  // namespace bankcheck::rules
