// A shared-memory access whose worst warp-instruction needs more wavefronts than its ideal, with
// the shapes it was computed for, its worst case, and the advisor's proposal for the array.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class BankConflictCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-bank-conflict"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "a shared-memory access needs more wavefronts per warp than its ideal (a bank conflict), at or above --min-ways";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
