#include "rules/UnknownAccessCheck.h"

#include "fmt/format.h"
#include "rules/AccessFindings.h"

namespace bankcheck::rules {

void UnknownAccessCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const ir::Access& a : ctx.tu.accesses) {
    const mapper::ConflictVerdict verdict = verdictOf(ctx, a);
    if (verdict.kind != mapper::ConflictVerdict::Kind::NotComputed) continue;
    out.push_back(
        findingAt(a.span, fmt::format("bank conflicts of {} not computed: {}", accessDescription(ctx.tu, a), verdict.unknownReason)));
    appendUnresolvedLaunchNotes(ctx.tu.kernel(a.kernelInstance), out);
  }
}

}  // namespace bankcheck::rules
