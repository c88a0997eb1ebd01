#include "rules/LibraryConflictCheck.h"

#include "fmt/format.h"
#include "rules/AccessFindings.h"
#include "rules/BlockShapeText.h"

namespace bankcheck::rules {

void LibraryConflictCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const ir::Access& a : ctx.tu.accesses) {
    if (verdictOf(ctx, a).kind != mapper::ConflictVerdict::Kind::InLibrary) continue;
    const mapper::AccessResult& r = ctx.analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = ctx.tu.kernel(a.kernelInstance);
    out.push_back(findingAt(a.span, fmt::format("{} bank conflict on {} inside '{}' ({} wavefronts per warp, ideal {}): the "
                                                "library's own layout of it, which no edit of this code changes",
                                                mapper::waysText(r.ways()), accessDescription(ctx.tu, a), a.libraryCall,
                                                r.worst.wavefronts, r.worst.ideal)));
    appendInlinedNotes(a, out);
    out.push_back(note(launchedShapesNote(k, r)));
    appendConflictNotes(ctx, a, r, out);
  }
}

}  // namespace bankcheck::rules
