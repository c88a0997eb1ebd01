// What went wrong with the input rather than with the kernels: unreadable files, compile errors
// (inside analyzed kernels: shown; elsewhere: summarized once), missing headers, kernels that
// could not be analyzed. Decides whether the run must exit with 2.
#pragma once

#include "ir/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::report {

struct ToolDiagnosticsResult {
  bool toolError = false;  // exit code 2
};

ToolDiagnosticsResult printToolDiagnostics(const ir::TranslationUnit& tu, bool strict, llvm::raw_ostream& os);

}  // namespace bankcheck::report
