#include "rules/ShapeDependentCheck.h"

#include "rules/AccessFindings.h"
#include "rules/BlockShapeText.h"

namespace bankcheck::rules {

void ShapeDependentCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const ir::Access& a : ctx.tu.accesses) {
    const mapper::ConflictVerdict verdict = verdictOf(ctx, a);
    if (verdict.kind != mapper::ConflictVerdict::Kind::ShapeDependent) continue;
    const mapper::AccessResult& r = ctx.analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = ctx.tu.kernel(a.kernelInstance);
    out.push_back(findingAt(a.span, shapeDependentMessage(accessDescription(ctx.tu, a), k, r, verdict)));
    appendInlinedNotes(a, out);
    for (std::string& n : familyNotes(k, r, verdict)) out.push_back(note(std::move(n)));
    appendUnresolvedLaunchNotes(k, out);
    appendConflictNotes(ctx, a, r, out);
  }
}

}  // namespace bankcheck::rules
