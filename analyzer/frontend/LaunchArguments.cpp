#include "frontend/LaunchArguments.h"

#include <map>

#include "frontend/ParameterValues.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
// The constant every launch of `fn` passes for each parameter, by parameter name.
std::map<std::string, int64_t> constantArguments(ASTContext& ctx, const FunctionDecl* fn, const std::vector<HostLaunch>& launches,
                                                 std::string& where) {
  std::map<std::string, int64_t> out;
  const std::vector<const HostLaunch*> ofKernel = launchesOf(fn, launches);
  if (ofKernel.empty()) return out;
  where = describeLaunch(ctx.getSourceManager(), *ofKernel.front());
  std::vector<bool> varies(fn->getNumParams(), false);
  std::vector<std::optional<int64_t>> value(fn->getNumParams());
  for (const HostLaunch* l : ofKernel) {
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      // Launches through cudaLaunchKernel pass no argument list the analysis reads.
      const std::optional<int64_t> v = i < l->arguments.size() ? l->arguments[i] : std::nullopt;
      if (!v || (value[i] && *value[i] != *v)) varies[i] = true;
      else value[i] = v;
    }
  }
  for (unsigned i = 0; i < fn->getNumParams(); ++i)
    if (!varies[i] && value[i] && fn->getParamDecl(i)->getType()->isIntegralOrEnumerationType())
      out[fn->getParamDecl(i)->getNameAsString()] = *value[i];
  return out;
}
}  // namespace

void bindLaunchArguments(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<HostLaunch>& launches) {
  for (const KernelDecl& kd : kernels) {
    ir::KernelInstance& k = tu.kernels[static_cast<size_t>(kd.instance)];
    if (!k.analyzed) continue;
    std::string where;
    const std::map<std::string, int64_t> constants = constantArguments(ctx, kd.function, launches, where);
    if (constants.empty()) continue;
    bindParameterValues(tu, k, constants, "the value every launch in this file passes (" + where + ")");
  }
}

}  // namespace bankcheck::frontend
