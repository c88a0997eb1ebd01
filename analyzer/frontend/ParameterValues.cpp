#include "frontend/ParameterValues.h"

#include <algorithm>
#include <vector>

namespace bankcheck::frontend {

std::vector<std::string> bindParameterValues(ir::TranslationUnit& tu, ir::KernelInstance& k,
                                             const std::map<std::string, int64_t>& values, const std::string& origin) {
  std::map<int, ir::ExprRef> replacement;
  std::map<int, std::string> text;
  std::vector<std::string> bound;
  for (const ir::Symbol& s : k.symbols) {
    if (s.kind != ir::SymbolKind::KernelParam) continue;
    auto it = values.find(s.name);
    if (it == values.end()) continue;
    replacement[s.id] = ir::makeConst(it->second, ir::IntType::int64());
    text[s.id] = "'" + s.name + "' = " + std::to_string(it->second);
    if (std::find(bound.begin(), bound.end(), s.name) == bound.end()) bound.push_back(s.name);
  }
  if (replacement.empty()) return bound;
  auto substitute = [&](const ir::ExprRef& e, std::vector<std::string>* used) -> ir::ExprRef {
    if (!e) return e;
    return ir::substituteSymbols(e, [&](int id) -> ir::ExprRef {
      auto it = replacement.find(id);
      if (it == replacement.end()) return nullptr;
      if (used && std::find(used->begin(), used->end(), text[id]) == used->end()) used->push_back(text[id]);
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
      a.assumptions.push_back(list + ": " + origin);
    }
  }
  return bound;
}

}  // namespace bankcheck::frontend
