#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class SharedOverCapacityCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-shared-over-capacity"; }
  report::Level level() const override { return report::Level::Error; }
  const char* summary() const override {
    return "a launch asks for more shared memory per block (static plus dynamic) than the architecture has, even with the opt-in";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
