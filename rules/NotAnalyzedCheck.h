// A kernel with no analyzed instance: a template never instantiated in the translation unit.
// (Instances that do not compile are errors, ToolDiagnostics.h, and only counted.)
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class NotAnalyzedCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-not-analyzed"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override {
    return "a kernel not analyzed (it does not compile, or a template is never instantiated)";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
