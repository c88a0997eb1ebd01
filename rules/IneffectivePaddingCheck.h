#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class IneffectivePaddingCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-ineffective-padding"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "padding written into a shared array that lowers no access's wavefronts: bytes spent for nothing";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
