#include "report/CoverageCounts.h"

namespace bankcheck::report {

const ir::KernelInstance* instanceNamed(const ir::TranslationUnit& tu, const std::string& name) {
  for (const ir::KernelInstance& k : tu.kernels)
    if (k.name == name) return &k;
  return nullptr;
}

bool isKernelNotAnalyzed(const ir::TranslationUnit& tu, const ir::Unanalyzed& u) { return instanceNamed(tu, u.kernel) == nullptr; }

CoverageCounts countCoverage(const ir::TranslationUnit& tu) {
  CoverageCounts c;
  for (const ir::KernelInstance& k : tu.kernels) {
    c.instancesNotAnalyzed += k.analyzed ? 0 : 1;
    c.unresolvedLaunches += static_cast<unsigned>(k.unresolvedLaunches.size());
  }
  for (const ir::Unanalyzed& u : tu.unanalyzed) (isKernelNotAnalyzed(tu, u) ? c.templatesNotInstantiated : c.notWalked) += 1;
  return c;
}

}  // namespace bankcheck::report
