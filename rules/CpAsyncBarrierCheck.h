#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class CpAsyncBarrierCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-cp-async-barrier"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "a read of data other threads copied with cp.async after a wait_group with no __syncthreads() in between (a wait covers only the calling thread's copies)";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
