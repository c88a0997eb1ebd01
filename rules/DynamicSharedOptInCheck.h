#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class DynamicSharedOptInCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-dynamic-shared-opt-in"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "a launch over 48 KB of shared memory per block for a kernel that no cudaFuncSetAttribute("
           "cudaFuncAttributeMaxDynamicSharedMemorySize) in the file opts in";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
