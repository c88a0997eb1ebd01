// A bank conflict a library makes in its own layout of its storage (CUB's BlockScan stores and
// reads its raking grid 2-way for 128 or 256 threads): a remark at the user's call, not a
// warning, as nothing the user writes moves it.
#pragma once

#include "rules/Check.h"

namespace bankcheck::rules {

class LibraryConflictCheck : public Check {
 public:
  const char* name() const override { return "bankcheck-library-conflict"; }
  report::Level level() const override { return report::Level::Remark; }
  const char* summary() const override { return "a bank conflict made inside a library call, in the library's own layout"; }
  void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const override;
};

}  // namespace bankcheck::rules
