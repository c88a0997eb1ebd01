// Findings as SARIF 2.1.0 (--format=sarif), the format CI code-scanning services read: one run,
// the checks as the driver's rules, each finding a result with its location, its notes as related
// locations (and in the message text), and its fix-its as fixes.
#pragma once

#include <string>
#include <vector>

#include "llvm/Support/JSON.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::report {

struct SarifRule {
  std::string id;       // "bankcheck-bank-conflict"
  Level level;          // default level of its results
  std::string summary;  // shortDescription
  std::string helpUri;  // relative to the repository root: docs/rules/<id>.md
};

// `diagnostics`: every file's findings in order, notes after the finding they belong to.
llvm::json::Value sarifLog(const std::string& toolVersion, const std::vector<SarifRule>& rules,
                           const std::vector<Diagnostic>& diagnostics);

}  // namespace bankcheck::report
