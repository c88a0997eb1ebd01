// How much of a translation unit was not analyzed, counted for the summary line and the JSON
// report: kernel instances that do not compile, templates never instantiated, code regions inside
// analyzed kernels not walked, and launches whose block shape is not computed.
#pragma once

#include "ir/Module.h"

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

// The kernel instance named `name`, or null.
const ir::KernelInstance* instanceNamed(const ir::TranslationUnit& tu, const std::string& name);

CoverageCounts countCoverage(const ir::TranslationUnit& tu);

}  // namespace bankcheck::report
