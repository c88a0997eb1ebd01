#include "report/ToolDiagnostics.h"

namespace bankcheck::report {

ToolDiagnosticsResult printToolDiagnostics(const ir::TranslationUnit& tu, bool strict, llvm::raw_ostream& os) {
  ToolDiagnosticsResult result;
  if (!tu.parsed) {
    // The file could not be read or clang gave up: every message matters.
    for (const ir::CompilerMessage& m : tu.compilerMessages) os << m.rendered;
    result.toolError = true;
    return result;
  }
  unsigned outside = 0;
  const ir::CompilerMessage* firstOutside = nullptr;
  for (const ir::CompilerMessage& m : tu.compilerMessages) {
    if (m.level == ir::CompilerMessage::Note && m.loc.line == 0) {
      os << m.rendered;  // tool notes (compilation database) have no location
      continue;
    }
    if (m.level != ir::CompilerMessage::Error) continue;
    if (m.insideKernel || strict) {
      os << m.rendered;
      result.toolError = true;
    } else {
      if (!firstOutside) firstOutside = &m;
      ++outside;
    }
  }
  if (!tu.missingIncludes.empty()) {
    os << tu.file << ": note: headers not found were skipped:";
    for (size_t i = 0; i < tu.missingIncludes.size(); ++i) os << (i ? ", " : " ") << tu.missingIncludes[i];
    os << "\n";
  }
  if (!tu.standInIncludes.empty()) {
    os << tu.file << ": note: PyTorch's headers were not found; bankcheck's stand-ins declared the part of its C++ API "
                     "that host code uses around launches (docs/prelude.md):";
    for (size_t i = 0; i < tu.standInIncludes.size(); ++i) os << (i ? ", " : " ") << tu.standInIncludes[i];
    os << "\n";
  }
  if (outside) {
    os << firstOutside->loc.file << ":" << firstOutside->loc.line << ":" << firstOutside->loc.column
       << ": note: " << outside << " compiler error" << (outside == 1 ? "" : "s")
       << " outside the analyzed kernels ignored (first: " << firstOutside->message
       << "); use --strict to make them fatal\n";
  }
  for (const ir::KernelInstance& k : tu.kernels) {
    if (k.analyzed) continue;
    // A header missing on this machine, or Clang's dialect, limits the analysis; it is not an error in the code.
    os << k.loc.begin.file << ":" << k.loc.begin.line << ":" << k.loc.begin.column
       << (k.notAnErrorInTheCode ? ": remark: kernel '" : ": error: kernel '") << k.name << "' not analyzed: "
       << k.notAnalyzedReason << " [bankcheck-not-analyzed]\n";
    if (!k.notAnErrorInTheCode) result.toolError = true;
  }
  return result;
}

}  // namespace bankcheck::report
