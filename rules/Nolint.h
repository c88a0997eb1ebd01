// NOLINT comments, read the way clang-tidy reads them, on the line a finding is reported at:
//   // NOLINT                 every check, on this line
//   // NOLINT(check, glob*)   the named checks, on this line
//   // NOLINTNEXTLINE(...)    on the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   on the lines between (the same check list)
// A NOLINTBEGIN without its NOLINTEND (or the reverse) is itself reported, as an error.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "report/ClangStyleEmitter.h"

namespace bankcheck::rules {

class NolintIndex {
 public:
  // Whether `check` is suppressed at `line` (1-based) of `file`; the file is read once.
  bool suppresses(const std::string& file, unsigned line, const std::string& check);
  // Errors about unmatched NOLINTBEGIN/NOLINTEND comments in the files read so far (each once).
  std::vector<report::Diagnostic> takeProblems();

 private:
  struct Suppression {
    std::vector<std::string> globs;  // empty: every check
  };
  struct FileIndex {
    std::vector<std::vector<Suppression>> lines;  // by line - 1
  };
  const FileIndex& index(const std::string& file);

  std::map<std::string, FileIndex> files_;
  std::vector<report::Diagnostic> problems_;
};

// Drops the findings (and the notes that follow each) that a NOLINT comment suppresses.
std::vector<report::Diagnostic> dropSuppressed(std::vector<report::Diagnostic> diags, NolintIndex& nolint);

}  // namespace bankcheck::rules
