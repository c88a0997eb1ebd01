// Prints diagnostics exactly the way clang does (file:line:col, caret, range, fix-it text) by
// handing them to clang's own TextDiagnostic over a SourceManager holding the analyzed file.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::report {

enum class Level { Note, Remark, Warning, Error };

struct FixIt {
  ir::SourceSpan span;  // replaced range (empty for an insertion)
  std::string text;
};

struct Diagnostic {
  Level level = Level::Warning;
  ir::SourceSpan span;            // caret at span.begin, range underlined
  std::string message;            // without the trailing [check-name]
  std::string checkName;          // "bankcheck-bank-conflict"; empty for notes
  bool promotedToError = false;   // a warning made an error by --warnings-as-errors
  std::vector<FixIt> fixIts;
  std::string trailingText;       // printed verbatim after the diagnostic (--explain bank maps)
};

class ClangStyleEmitter {
 public:
  // `overlay` supplies file contents that differ from the disk (the advisor's patched copies).
  explicit ClangStyleEmitter(llvm::raw_ostream& os, bool colors = false,
                             const std::map<std::string, std::string>* overlay = nullptr);
  ~ClangStyleEmitter();
  void emit(const Diagnostic& d);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bankcheck::report
