// A check: one named rule that reads what the analysis found in a translation unit and reports
// diagnostics under its name (`bankcheck-...`), modelled on clang-tidy's ClangTidyCheck.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "ir/Module.h"
#include "mapper/PtxWidths.h"
#include "mapper/UnitAnalysis.h"
#include "model/ArchProfile.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::rules {

struct SyncCache;     // rules/SyncAnalysis.h
struct PaddingCache;  // rules/IdlePadding.h

struct CheckContext {
  const ir::TranslationUnit& tu;
  const mapper::UnitAnalysis& analysis;
  std::string arch;  // --arch, e.g. "sm_90"
  // The synchronization checks' one simulation of this unit, shared by the six of them.
  mutable std::shared_ptr<SyncCache> syncCache = nullptr;
  // The padding checks' evaluation of the written paddings, shared by the two of them.
  mutable std::shared_ptr<PaddingCache> paddingCache = nullptr;
  // nvcc's PTX and ptxas's register counts, with --ptx (null otherwise).
  const mapper::PtxListing* ptx = nullptr;
  // How the access checks judge and tell a conflict: --min-ways, --block-family (for kernels
  // without a policy of their own), --explain.
  double minWays = 2.0;
  std::string familyPolicy = "all";
  bool explain = false;
  // The advisor's proposals for this unit, shown under the first warning on each array (null
  // with --no-fix-suggestions).
  const std::vector<advisor::Proposal>* proposals = nullptr;

  // The profile of `arch` (the CLI accepts only architectures that have one).
  model::ArchProfile profile() const { return model::findArchProfile(arch).value_or(model::defaultArchProfile()); }
};

// A note after a finding; `span` empty for one without a location.
report::Diagnostic note(std::string message, const ir::SourceSpan& span = {});

// Drops each finding for which `drop(finding)` holds, together with the notes that follow it.
template <class Drop>
std::vector<report::Diagnostic> dropFindings(std::vector<report::Diagnostic> diags, const Drop& drop) {
  std::vector<report::Diagnostic> kept;
  bool dropping = false;
  for (report::Diagnostic& d : diags) {
    if (d.level != report::Level::Note) dropping = drop(d);
    if (!dropping) kept.push_back(std::move(d));
  }
  return kept;
}

class Check {
 public:
  virtual ~Check() = default;
  virtual const char* name() const = 0;
  virtual report::Level level() const = 0;  // the level of its findings
  virtual const char* summary() const = 0;  // one line, for --list-checks and SARIF rule metadata
  // Appends this check's findings for one translation unit (with their notes after each).
  virtual void run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const = 0;

 protected:
  // A finding of this check at a kernel's name (not its whole body).
  report::Diagnostic findingAt(const ir::KernelInstance& k, std::string message) const;
  // A finding of this check at a place in the source (a declaration's dimension, an index).
  report::Diagnostic findingAt(const ir::SourceSpan& span, std::string message) const;
};

}  // namespace bankcheck::rules
