#include "rules/AccessFindings.h"

#include <cmath>

#include "fmt/format.h"
#include "rules/BankMapText.h"

namespace bankcheck::rules {

namespace {
const char* actionText(ir::AccessKind k) {
  switch (k) {
    case ir::AccessKind::Load: return "load from";
    case ir::AccessKind::Store: return "store to";
    case ir::AccessKind::AsyncCopyDst: return "cp.async into";
    case ir::AccessKind::MatrixLoad: return "ldmatrix from";
    case ir::AccessKind::MatrixStore: return "stmatrix to";
    case ir::AccessKind::Atomic: return "atomic update of";
  }
  return "access to";
}

std::string valuesText(const mapper::WarpCase& w) {
  std::string out;
  for (const auto& [name, value] : w.values) out += fmt::format(", {} = {}", name, value);
  return out;
}
}  // namespace

mapper::ConflictVerdict verdictOf(const CheckContext& ctx, const ir::Access& a) {
  const mapper::FamilyPolicy fallback = mapper::parseFamilyPolicy(ctx.familyPolicy).value_or(mapper::FamilyPolicy::All);
  return mapper::judgeAccess(ctx.tu, a, ctx.analysis.results[static_cast<size_t>(a.id)], ctx.minWays, fallback);
}

std::string accessDescription(const ir::TranslationUnit& tu, const ir::Access& a) {
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  const std::string inKernel = k.name != k.function ? " in '" + k.name + "'" : "";
  return fmt::format("{} '{}'{}", actionText(a.kind), tu.array(a.array).name, inKernel);
}

void appendInlinedNotes(const ir::Access& a, std::vector<report::Diagnostic>& out) {
  for (const ir::SourceLoc& at : a.inlinedAt) out.push_back(note(fmt::format("in a device function called at {}:{}", at.file, at.line)));
}

void appendUnresolvedLaunchNotes(const ir::KernelInstance& k, std::vector<report::Diagnostic>& out) {
  for (const std::string& launch : k.unresolvedLaunches) out.push_back(note(launch));
}

void appendConflictNotes(const CheckContext& ctx, const ir::Access& a, const mapper::AccessResult& r,
                         std::vector<report::Diagnostic>& out) {
  out.push_back(note(fmt::format("worst case: warp {}{}: {}", r.worst.warp, valuesText(r.worst), describeWorstBank(r, a.kind, a.bypassL1))));
  if (std::fabs(r.typicalWavefronts - r.worst.wavefronts) > 1e-9)
    out.push_back(note(fmt::format("on average {:.3g} wavefronts per warp-instruction (ideal {:.3g}) over {:.6g} executions{}",
                                   r.typicalWavefronts, r.typicalIdeal, r.executions, r.weightsKnown ? "" : " (some trip counts unknown)")));
  if (r.widthSource != mapper::WidthSource::SourceType || r.instructionWidth != a.widthBytes)
    out.push_back(note(fmt::format("instruction width {} bytes per lane ({}: {})", r.instructionWidth, mapper::spelling(r.widthSource),
                                   r.widthNote)));
  for (const std::string& n : r.notes) out.push_back(note(n));
  if (ctx.explain) out.back().trailingText = bankMapText(r, a.kind);
}

std::set<int> kernelsWithAccessFindings(const CheckContext& ctx) {
  std::set<int> out;
  for (const ir::Access& a : ctx.tu.accesses)
    if (!out.count(a.kernelInstance) && verdictOf(ctx, a).kind != mapper::ConflictVerdict::Kind::NoConflict)
      out.insert(a.kernelInstance);
  return out;
}

}  // namespace bankcheck::rules
