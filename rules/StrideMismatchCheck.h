#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class StrideMismatchCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-stride-mismatch"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "an index steps rows by the unpadded stride (BK) of an array declared with padded rows (BK + 4): it reaches the wrong elements";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
