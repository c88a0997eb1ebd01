// Collects clang's diagnostics instead of printing them: the driver decides afterwards which are
// errors inside analyzed kernels (shown as errors) and which are elsewhere (summarized as a note).
#pragma once

#include <vector>

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

struct CollectedDiagnostic {
  ir::CompilerMessage message;
  clang::SourceLocation loc;  // spelling-independent file location, for range checks
  unsigned fileOffset = 0;
  clang::FileID file;
  // A call that found no function because its callee needs a header that was not found: the
  // kernel is still walked, the call reported as code not walked.
  bool fromSkippedHeader = false;
};

class DiagnosticCollector : public clang::DiagnosticConsumer {
 public:
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

  std::vector<CollectedDiagnostic> diagnostics;

 private:
  // A kernel that launches a kernel template (or an overloaded kernel) from device code fails
  // overload resolution instead: "no matching function for call to 'k'", followed by a note that
  // the candidate is "not viable: call to __global__ function from __global__ function". That
  // error is a device-side launch too, known only once its candidate notes arrive.
  void noteCandidate(const clang::Diagnostic& info, llvm::StringRef text);
  int noViableCall_ = -1;  // index of the last "no matching function" error, while its notes come

  clang::LangOptions lang_;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options_{new clang::DiagnosticOptions()};
};

}  // namespace bankcheck::frontend
