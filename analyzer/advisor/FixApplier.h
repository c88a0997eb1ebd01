// Applying proposals: `--fix` rewrites the files that declare the arrays, atomically, after
// re-parsing the patched text, then re-parses what was written; `--export-fixes` writes the
// edits in the YAML format clang-apply-replacements reads, each naming the file it changes.
#pragma once

#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "frontend/Frontend.h"

namespace bankcheck::advisor {

struct FixOutcome {
  std::string file;       // the file written (or refused): the one that declares the array
  bool changed = false;   // the file was rewritten
  bool failed = false;    // nothing written, `message` says why
  std::string message;
  unsigned edits = 0;
};

struct FileProposals {
  std::string file;
  std::vector<Proposal> proposals;
};

// Applies the verified proposals of every analyzed file. Each edit goes to the file that holds the
// text it changes (a header when the array is declared there); a file named several times (the
// same path twice, a symlink and its target, two hard links) is written once with each distinct
// edit once. Before writing, the files analyzed that led to the edits are re-analyzed with the
// patched text; the write goes through symlinks to their target, keeps hard links, permissions
// and owner, and is atomic (temporary file + rename) unless the file has several hard links
// (then it is rewritten in place after a backup copy). A file that is not writable, changed since
// it was analyzed, or would not compile is refused with nothing written.
std::vector<FixOutcome> applyFixes(const std::vector<FileProposals>& files, const frontend::FrontendOptions& options);

// Writes every verified proposal as a clang-tidy style diagnostic with replacements. Returns
// false (with `error`) when the file cannot be written.
bool exportFixes(const std::string& yamlPath, const std::vector<FileProposals>& files, std::string& error);

}  // namespace bankcheck::advisor
