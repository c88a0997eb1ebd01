// A shared-memory access whose conflicts the mapper did not compute, with the reason: never silent,
// never counted as conflict-free.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class UnknownAccessCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-unknown"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override {
    return "a shared-memory access whose bank conflicts are not computed, with the reason";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
