// A conflict that only some members of an assumed family of block shapes have (policy "all"):
// a remark naming the shapes where it occurs, not a warning.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class ShapeDependentCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-shape-dependent"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override {
    return "a bank conflict that only some block shapes of an assumed family have";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
