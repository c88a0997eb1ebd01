// Code inside an analyzed kernel that the front end did not follow (recursion, inline asm whose
// address is unknown, ...), so its shared-memory accesses are not in the counts.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class NotWalkedCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-not-walked"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override {
    return "code inside an analyzed kernel that was not followed (recursion, unmodelled PTX, a shared array stored in an object)";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
