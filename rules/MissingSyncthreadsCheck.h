#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class MissingSyncthreadsCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-missing-syncthreads"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "shared memory written by one warp and read by another (or read, then overwritten, also across loop iterations) with no __syncthreads() in between";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
