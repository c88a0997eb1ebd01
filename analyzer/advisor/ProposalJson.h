// The advisor's proposals of one file as the JSON report's "proposals" array (schema
// bankcheck-report/1, docs/user-guide.md): edits, cost, effect and proof of each.
#pragma once

#include <vector>

#include "advisor/Proposal.h"
#include "llvm/Support/JSON.h"

namespace bankcheck::advisor {

llvm::json::Array proposalsJson(const std::vector<Proposal>& proposals);

}  // namespace bankcheck::advisor
