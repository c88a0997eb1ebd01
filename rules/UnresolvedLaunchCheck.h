// A launch whose block shape is not computed, at its kernel. Kernels with a finding on an access
// carry these as notes under it instead.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class UnresolvedLaunchCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-unresolved-launch"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override {
    return "a launch whose block shape is not computed";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
