#include "frontend/DevicePointerBindings.h"

namespace bankcheck::frontend {

using namespace clang;

// An instantiated declaration keeps its pattern's location, so the key is the same in every
// instantiation of the function, as the text an edit changes is.
std::string DevicePointerBindings::keyOf(const VarDecl* var) {
  return std::to_string(var->getLocation().getRawEncoding()) + ":" + var->getNameAsString();
}

void DevicePointerBindings::record(const VarDecl* var, const std::string& function, const SymbolicValue& value,
                                   const ir::TranslationUnit& tu) {
  if (!var->getType()->isPointerType()) return;
  Binding& b = byKey_[keyOf(var)];
  b.function = function;
  if (value.kind == SymbolicValue::Kind::SharedPtr && value.array >= 0) b.declarations.insert(tu.array(value.array).declKey);
  else b.other = true;
}

void DevicePointerBindings::resolve(ir::TranslationUnit& tu) const {
  if (indirectCall_) return;
  for (const ir::KernelInstance& k : tu.kernels)
    if (!k.analyzed) return;
  for (ir::Access& a : tu.accesses)
    for (ir::OffsetPiece& p : a.pieces) {
      if (p.viaPointer.empty()) continue;
      const auto it = byKey_.find(p.viaPointer);
      if (it == byKey_.end()) continue;
      const Binding& b = it->second;
      if (b.other || b.declarations.size() != 1 || *b.declarations.begin() != tu.array(a.array).declKey) continue;
      bool unwalkedCall = false;
      for (const ir::Unanalyzed& u : tu.unanalyzed) unwalkedCall |= u.what.find("'" + b.function + "'") != std::string::npos;
      if (!unwalkedCall) p.notRewritable.clear();
    }
}

}  // namespace bankcheck::frontend
