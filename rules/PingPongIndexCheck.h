#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class PingPongIndexCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-ping-pong-index"; }
  report::Level level() const override { return report::Level::Warning; }
  const char* summary() const override {
    return "a double-buffered loop reads, in one iteration, the stage it is filling in that iteration (the buffer index does not alternate)";
  }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
