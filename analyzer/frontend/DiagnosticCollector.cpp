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

namespace {
constexpr const char* kDeviceLaunch = "device-side launch (dynamic parallelism), which clang does not compile: ";
}  // namespace

void DiagnosticCollector::noteCandidate(const clang::Diagnostic& info, llvm::StringRef text) {
  if (noViableCall_ < 0) return;
  // Clang checks the number of arguments before the call's target, so a candidate rejected only
  // as a __global__ function called from device code is the one the launch names (other
  // overloads, from a header say, fail on their arity). nvcc compiles that launch.
  if (info.getID() != clang::diag::note_ovl_candidate_bad_target ||
      !text.contains("call to __global__ function from __global__ function"))
    return;
  CollectedDiagnostic& error = diagnostics[static_cast<size_t>(noViableCall_)];
  error.message.level = ir::CompilerMessage::Note;
  error.message.message = kDeviceLaunch + error.message.message;
  const size_t at = error.message.rendered.find("error: ");
  if (at != std::string::npos) error.message.rendered.replace(at, 7, std::string("note: ") + kDeviceLaunch);
  noViableCall_ = -1;
}

void DiagnosticCollector::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
  DiagnosticConsumer::HandleDiagnostic(level, info);
  llvm::SmallString<256> text;
  info.FormatDiagnostic(text);
  if (level == clang::DiagnosticsEngine::Note) {
    if (llvm::StringRef(text).starts_with("candidate")) noteCandidate(info, text);
  } else {
    noViableCall_ = -1;
  }

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
    d.message.message = kDeviceLaunch + d.message.message;
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
  const bool noViable = level == clang::DiagnosticsEngine::Error && info.getID() == clang::diag::err_ovl_no_viable_function_in_call;
  diagnostics.push_back(std::move(d));
  if (noViable) noViableCall_ = static_cast<int>(diagnostics.size()) - 1;
}

}  // namespace bankcheck::frontend
