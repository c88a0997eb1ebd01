#include "rules/NotAnalyzedCheck.h"

#include "fmt/format.h"
#include "report/CoverageCounts.h"

namespace bankcheck::rules {

void NotAnalyzedCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const ir::Unanalyzed& u : ctx.tu.unanalyzed)
    if (report::isKernelNotAnalyzed(ctx.tu, u)) out.push_back(findingAt(ir::SourceSpan{u.loc, u.loc}, fmt::format("{}: {}", u.what, u.reason)));
}

}  // namespace bankcheck::rules
