// A check: one named rule that reads what the analysis found in a translation unit and reports
// diagnostics under its name (`bankcheck-...`), modelled on clang-tidy's ClangTidyCheck.
#pragma once

#include <string>
#include <vector>

#include "ir/Module.h"
#include "mapper/UnitAnalysis.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::rules {

struct CheckContext {
  const ir::TranslationUnit& tu;
  const mapper::UnitAnalysis& analysis;
  std::string arch;  // --arch, e.g. "sm_90"
};

class Check {
 public:
  virtual ~Check() = default;
  virtual const char* name() const = 0;
  virtual report::Level level() const = 0;  // the level of its findings
  virtual const char* summary() const = 0;  // one line, for --list-checks and SARIF rule metadata
  // Appends this check's findings for one translation unit (with their notes after each).
  virtual void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const = 0;
};

}  // namespace bankcheck::rules
