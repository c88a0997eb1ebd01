#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class CpAsyncWaitAllInLoopCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-cp-async-wait-all-in-loop"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "cp.async.wait_group 0 / wait_all in a multi-stage main loop right after committing the next stage's copies: the prefetch no longer overlaps the compute";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
