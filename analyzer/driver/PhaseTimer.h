// Wall-clock time of a stage, printed on destruction with BANKCHECK_TIME_PHASES=1 (the numbers of
// docs/benchmark.md).
#pragma once

#include <chrono>
#include <cstdlib>

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::driver {

struct PhaseTimer {
  const char* name;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  ~PhaseTimer() {
    static const bool enabled = std::getenv("BANKCHECK_TIME_PHASES") != nullptr;
    if (!enabled) return;
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    llvm::errs() << "bankcheck: phase " << name << ": " << llvm::format("%.1f", ms) << " ms\n";
  }
};

}  // namespace bankcheck::driver
