// What the worst warp-instruction looks like bank by bank: for each of the 32 banks, which lanes
// touch it and which 4-byte words (the words, not the lanes, are what serialize).
#pragma once

#include <string>

#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::rules {

// One line for the note: "lanes 0-31 touch 32 different words of bank 0"; for cp.async, within the
// lanes of one source line (`bypassL1`: .cg, by line pairs and XORs, model/OpModel.h).
std::string describeWorstBank(const mapper::AccessResult& r, ir::AccessKind kind, bool bypassL1 = false);

// The full table for --explain.
std::string bankMapText(const mapper::AccessResult& r, ir::AccessKind kind);

// "0-7, 16, 18-20"
std::string laneRanges(const std::vector<int>& lanes);

}  // namespace bankcheck::rules
