// Applying proposals: `--fix` rewrites the file atomically (temporary file + rename) after
// re-parsing the patched text, then re-parses what was written; `--export-fixes` writes the
// edits in the YAML format clang-apply-replacements reads.
#pragma once

#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "frontend/Frontend.h"

namespace bankcheck::advisor {

struct FixOutcome {
  bool changed = false;   // the file was rewritten
  bool failed = false;    // nothing written, `message` says why
  std::string message;
  unsigned edits = 0;
};

FixOutcome applyFixes(const std::string& file, const std::vector<Proposal>& proposals, const frontend::FrontendOptions& options);

struct FileProposals {
  std::string file;
  std::vector<Proposal> proposals;
};

// Writes every verified proposal as a clang-tidy style diagnostic with replacements. Returns
// false (with `error`) when the file cannot be written.
bool exportFixes(const std::string& yamlPath, const std::vector<FileProposals>& files, std::string& error);

}  // namespace bankcheck::advisor
