#include "rules/NotWalkedCheck.h"

#include "fmt/format.h"
#include "report/CoverageCounts.h"

namespace bankcheck::rules {

void NotWalkedCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const ir::Unanalyzed& u : ctx.tu.unanalyzed) {
    const ir::KernelInstance* k = report::instanceNamed(ctx.tu, u.kernel);
    if (!k) continue;  // a whole kernel: bankcheck-not-analyzed
    const std::string inKernel = k->name != k->function ? " in '" + k->name + "'" : "";
    out.push_back(findingAt(ir::SourceSpan{u.loc, u.loc}, fmt::format("{}{} not analyzed: {}", u.what, inKernel, u.reason)));
  }
}

}  // namespace bankcheck::rules
