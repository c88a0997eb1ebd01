#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class StaticSharedOver48kCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-static-shared-over-48k"; }
  report::Level level() const override { return report::Level::Error; }
  const char* summary() const override {
    return "a kernel's static shared memory is over the 48 KB per block that static allocations may use";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
