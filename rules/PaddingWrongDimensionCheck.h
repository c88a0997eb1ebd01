#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class PaddingWrongDimensionCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-padding-wrong-dimension"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "padding written on a dimension where it moves no element to another bank, while the array still has a bank conflict";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
