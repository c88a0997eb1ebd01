#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class CpAsyncWaitCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-cp-async-wait"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "a shared read of a buffer filled by cp.async whose group may still be in flight: no wait_group between the commit and the read, or a wait_group N that leaves that group pending";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
