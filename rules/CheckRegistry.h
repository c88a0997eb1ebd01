// Every check bankcheck has, by name, with what --list-checks, SARIF and the docs say about it.
// All but bankcheck-nolint (whose findings the NOLINT index itself raises) are Check objects here.
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
  const Check* check;   // null for bankcheck-nolint, raised by the NOLINT index
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
