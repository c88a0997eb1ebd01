#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class CpAsyncCommitCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-cp-async-commit"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "cp.async copies not committed (cp.async.commit_group) before a wait_group, or before the end of a pipelined loop's body: no wait_group accounts for them";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
