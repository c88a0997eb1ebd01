#include "report/CoverageRemarks.h"

#include "fmt/format.h"

namespace bankcheck::report {

namespace {
Diagnostic remarkAt(const ir::SourceLoc& loc, std::string message, std::string checkName) {
  Diagnostic d;
  d.level = Level::Remark;
  d.span.begin = d.span.end = loc;
  d.message = std::move(message);
  d.checkName = std::move(checkName);
  return d;
}

const ir::KernelInstance* instanceNamed(const ir::TranslationUnit& tu, const std::string& name) {
  for (const ir::KernelInstance& k : tu.kernels)
    if (k.name == name) return &k;
  return nullptr;
}
}  // namespace

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

std::vector<Diagnostic> coverageRemarks(const ir::TranslationUnit& tu, const std::set<int>& kernelsWithoutFindings) {
  std::vector<Diagnostic> out;
  for (const ir::Unanalyzed& u : tu.unanalyzed) {
    if (isKernelNotAnalyzed(tu, u)) {
      out.push_back(remarkAt(u.loc, fmt::format("{}: {}", u.what, u.reason), "bankcheck-not-analyzed"));
      continue;
    }
    const ir::KernelInstance* k = instanceNamed(tu, u.kernel);
    const std::string inKernel = k && k->name != k->function ? " in '" + k->name + "'" : "";
    out.push_back(remarkAt(u.loc, fmt::format("{}{} not analyzed: {}", u.what, inKernel, u.reason), "bankcheck-not-walked"));
  }
  for (int id : kernelsWithoutFindings) {
    const ir::KernelInstance& k = tu.kernel(id);
    for (const std::string& launch : k.unresolvedLaunches)
      out.push_back(remarkAt(k.loc.begin, fmt::format("kernel '{}': {}", k.name, launch), "bankcheck-unresolved-launch"));
  }
  return out;
}

std::vector<Diagnostic> unresolvedLaunchNotes(const ir::KernelInstance& k) {
  std::vector<Diagnostic> out;
  for (const std::string& launch : k.unresolvedLaunches) {
    Diagnostic d;
    d.level = Level::Note;
    d.message = launch;
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace bankcheck::report
