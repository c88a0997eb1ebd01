#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class OccupancyCliffCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-occupancy-cliff"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "shared memory limits the resident blocks per SM (8 or fewer), and freeing at most an eighth of it per block would fit one more (a warning when --ptx counts the registers, else a remark)";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
