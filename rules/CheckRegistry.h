// Every check bankcheck has, by name, with what --list-checks, SARIF and the docs say about it.
//
// The findings on accesses (bank conflicts, shape-dependent conflicts, what was not computed,
// not analyzed or not walked) come from the mapper's verdicts, rendered by report/; they are
// listed here with their metadata so that --checks, NOLINT and SARIF treat them like the others.
#pragma once

#include <string>
#include <vector>

#include "report/ClangStyleEmitter.h"
#include "rules/Check.h"

namespace bankcheck::rules {

struct CheckInfo {
  std::string name;     // "bankcheck-bank-conflict"
  report::Level level;  // of its findings
  std::string summary;  // one line
  std::string docPage;  // relative to the repository: docs/rules/<name>.md
  const Check* check;   // null for the findings report/ produces from the analysis
};

// All checks, sorted by name.
const std::vector<CheckInfo>& allChecks();

// Runs every check that has an implementation here and is enabled by `enabled`.
template <class Enabled>
void runChecks(const CheckContext& ctx, const Enabled& enabled, std::vector<report::Diagnostic>& out) {
  for (const CheckInfo& c : allChecks())
    if (c.check && enabled(c.name)) c.check->run(ctx, out);
}

}  // namespace bankcheck::rules
