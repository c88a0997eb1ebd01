#include "frontend/DiagnosticCollector.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::frontend {

void DiagnosticCollector::BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) {
  lang_ = lang;
  options_->ShowColors = false;
}

void DiagnosticCollector::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
  DiagnosticConsumer::HandleDiagnostic(level, info);
  llvm::SmallString<256> text;
  info.FormatDiagnostic(text);

  CollectedDiagnostic d;
  d.message.message = text.str().str();
  // Clang has no device-side kernel launches (dynamic parallelism); nvcc compiles them. The
  // launch itself touches no shared memory, so the kernel around it is still analyzed.
  if (level == clang::DiagnosticsEngine::Error && info.getID() == clang::diag::err_ref_bad_target &&
      llvm::StringRef(d.message.message).ends_with("in __global__ function") &&
      (llvm::StringRef(d.message.message).starts_with("reference to __global__ function") ||
       llvm::StringRef(d.message.message).contains("cudaConfigureCall") ||
       llvm::StringRef(d.message.message).contains("__cudaPushCallConfiguration"))) {
    level = clang::DiagnosticsEngine::Note;
    d.message.message = "device-side launch (dynamic parallelism), which clang does not compile: " + d.message.message;
    text = d.message.message;
  }
  switch (level) {
    case clang::DiagnosticsEngine::Error:
    case clang::DiagnosticsEngine::Fatal: d.message.level = ir::CompilerMessage::Error; break;
    case clang::DiagnosticsEngine::Warning: d.message.level = ir::CompilerMessage::Warning; break;
    default: d.message.level = ir::CompilerMessage::Note; break;
  }
  std::string rendered;
  llvm::raw_string_ostream os(rendered);
  if (info.hasSourceManager() && info.getLocation().isValid()) {
    const clang::SourceManager& sm = info.getSourceManager();
    clang::SourceLocation fileLoc = sm.getFileLoc(info.getLocation());
    clang::PresumedLoc p = sm.getPresumedLoc(fileLoc);
    if (p.isValid()) {
      d.message.loc.file = p.getFilename();
      d.message.loc.line = p.getLine();
      d.message.loc.column = p.getColumn();
    }
    d.loc = fileLoc;
    d.file = sm.getFileID(fileLoc);
    d.fileOffset = sm.getFileOffset(fileLoc);
    clang::TextDiagnostic td(os, lang_, options_.get());
    td.emitDiagnostic(clang::FullSourceLoc(info.getLocation(), sm), level, text, info.getRanges(),
                      info.getFixItHints());
  } else {
    clang::TextDiagnostic::printDiagnosticLevel(os, level, false);
    os << text << "\n";
  }
  d.message.rendered = os.str();
  diagnostics.push_back(std::move(d));
}

}  // namespace bankcheck::frontend
