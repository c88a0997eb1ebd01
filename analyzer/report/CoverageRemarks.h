// What the analysis did not compute, said in the text output with a check name, so that nothing
// stays silent: kernels not analyzed (templates never instantiated), code inside analyzed
// kernels not walked (recursion, inline asm with an unknown address, wmma ...), and launches
// whose block shape the front end could not compute. Kernels that do not compile are errors
// (ToolDiagnostics.h) and only counted here.
#pragma once

#include <set>
#include <vector>

#include "ir/Module.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::report {

struct CoverageCounts {
  unsigned instancesNotAnalyzed = 0;    // kernel instances that do not compile
  unsigned templatesNotInstantiated = 0;
  unsigned notWalked = 0;               // code regions inside analyzed kernels
  unsigned unresolvedLaunches = 0;
  unsigned kernelsNotAnalyzed() const { return instancesNotAnalyzed + templatesNotInstantiated; }
};

// Whether an entry of TranslationUnit::unanalyzed is a whole kernel that got no instance (a
// template never instantiated) rather than code inside an analyzed kernel instance.
bool isKernelNotAnalyzed(const ir::TranslationUnit& tu, const ir::Unanalyzed& u);

CoverageCounts countCoverage(const ir::TranslationUnit& tu);

// Remarks [bankcheck-not-analyzed] and [bankcheck-not-walked] for every entry of
// TranslationUnit::unanalyzed, and [bankcheck-unresolved-launch] for the unresolved launches of
// kernels in `kernelsWithoutFindings` (the others get them as notes under their findings).
std::vector<Diagnostic> coverageRemarks(const ir::TranslationUnit& tu, const std::set<int>& kernelsWithoutFindings);

// The kernel's launches whose block shape is not computed, as notes under one of its findings.
std::vector<Diagnostic> unresolvedLaunchNotes(const ir::KernelInstance& k);

}  // namespace bankcheck::report
