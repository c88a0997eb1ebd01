#include "frontend/LaunchArguments.h"

#include <map>

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
    std::map<int, ir::ExprRef> replacement;
    std::map<int, std::string> text;
    for (const ir::Symbol& s : k.symbols) {
      if (s.kind != ir::SymbolKind::KernelParam) continue;
      auto it = constants.find(s.name);
      if (it == constants.end()) continue;
      replacement[s.id] = ir::makeConst(it->second, ir::IntType::int64());
      text[s.id] = "'" + s.name + "' = " + std::to_string(it->second);
    }
    if (replacement.empty()) continue;
    auto substitute = [&](const ir::ExprRef& e, std::vector<std::string>* used) -> ir::ExprRef {
      if (!e) return e;
      return ir::substituteSymbols(e, [&](int id) -> ir::ExprRef {
        auto it = replacement.find(id);
        if (it == replacement.end()) return nullptr;
        if (used && std::find(used->begin(), used->end(), text[id]) == used->end()) used->push_back(text[id]);
        // The parameter's own type: the constant converts as the argument did.
        return it->second;
      });
    };
    std::vector<std::vector<std::string>> loopUses(k.loops.size());
    for (size_t i = 0; i < k.loops.size(); ++i) {
      k.loops[i].inductionValue = substitute(k.loops[i].inductionValue, &loopUses[i]);
      k.loops[i].condition = substitute(k.loops[i].condition, &loopUses[i]);
    }
    for (ir::SharedArray& a : tu.arrays) {
      if (a.kernelInstance != k.id) continue;
      a.carveOffset = substitute(a.carveOffset, nullptr);
      for (ir::OffsetPiece& p : a.carvePieces) p.value = substitute(p.value, nullptr);
    }
    for (ir::Access& a : tu.accesses) {
      if (a.kernelInstance != k.id) continue;
      std::vector<std::string> used;
      a.byteOffset = substitute(a.byteOffset, &used);
      a.symbolicOffset = substitute(a.symbolicOffset, &used);
      // The written terms carry the same values (a padding's check compares them with the offset).
      for (ir::OffsetPiece& p : a.pieces) p.value = substitute(p.value, nullptr);
      for (ir::Predicate& p : a.predicates) p.condition = substitute(p.condition, &used);
      for (int loop : a.loops)
        for (const std::string& u : loopUses[static_cast<size_t>(loop)])
          if (std::find(used.begin(), used.end(), u) == used.end()) used.push_back(u);
      if (!used.empty()) {
        std::string list;
        for (const std::string& u : used) list += (list.empty() ? "" : ", ") + u;
        a.assumptions.push_back(list + ": the value every launch in this file passes (" + where + ")");
      }
    }
  }
}

}  // namespace bankcheck::frontend
