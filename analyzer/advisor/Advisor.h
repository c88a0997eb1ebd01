// The advisor: for each shared array with a conflicted access, the padding that minimizes the
// wavefronts of all its accesses together (every kernel instance, loads and stores, weighted by
// how often each runs), with its cost, proven on the IR before it is shown (and by re-analyzing the
// patched source before --fix writes it). See docs/advisor.md.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "frontend/Frontend.h"
#include "ir/Module.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::advisor {

struct AdvisorOptions {
  double minWays = 2.0;
  std::string arch = "sm_90";
  frontend::FrontendOptions frontend;  // to re-analyze the patched source
  bool usePtx = false;                 // verify with the widths nvcc emits for the patched code
  bool useSass = false;  // with usePtx: the listing comes from the SASS (--sass)
  // Prove by re-analyzing the patched source (for --fix and --export-fixes, which write the edits);
  // otherwise the proof is the evaluation on the IR (docs/advisor.md).
  bool reparseProof = false;
  // The fix search stops at this time: the arrays not searched yet get no proposal, with a reason
  // naming the budget (the CLI gives the advisor part of --time-limit).
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  double budgetSeconds = 0;
};

// The text of `path`: its overlay copy when the options have one, else the file on disk.
bool readSource(const std::string& path, const frontend::FrontendOptions& options, std::string& out);

// The file an edit changes (as the front end named it; "" when it names none).
const std::string& editFile(const Edit& e);

// The text of every file `edits` touch with the edits applied, keyed by editFile(). False (with
// `why`) when a file cannot be read, an edit does not match the text, or two edits overlap.
bool patchFiles(const std::vector<Edit>& edits, const frontend::FrontendOptions& options,
                std::map<std::string, std::string>& patched, std::string& why);

// The hash edits carry of the text they were made for.
uint64_t sourceHash(const std::string& text);

// The first compiler error inside a kernel of `after` that `before` did not have, or "".
std::string newKernelError(const ir::TranslationUnit& before, const ir::TranslationUnit& after);

std::vector<Proposal> advise(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis,
                             const AdvisorOptions& options);

}  // namespace bankcheck::advisor
