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
};

class DiagnosticCollector : public clang::DiagnosticConsumer {
 public:
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

  std::vector<CollectedDiagnostic> diagnostics;

 private:
  clang::LangOptions lang_;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options_{new clang::DiagnosticOptions()};
};

}  // namespace bankcheck::frontend
