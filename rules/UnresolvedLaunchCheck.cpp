#include "rules/UnresolvedLaunchCheck.h"

#include "fmt/format.h"
#include "rules/AccessFindings.h"

namespace bankcheck::rules {

void UnresolvedLaunchCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const std::set<int> withFindings = kernelsWithAccessFindings(ctx);
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    if (k.unresolvedLaunches.empty() || withFindings.count(k.id)) continue;
    for (const std::string& launch : k.unresolvedLaunches) out.push_back(findingAt(k, fmt::format("kernel '{}': {}", k.name, launch)));
  }
}

}  // namespace bankcheck::rules
