#include "mapper/UniformChoices.h"

#include <algorithm>

namespace bankcheck::mapper {

namespace {

bool unknowableUniform(const ir::ExprRef& condition, const ir::KernelInstance& kernel, const std::vector<int>& loops) {
  if (!condition || condition->lanesVary()) return false;
  const ir::ExprFeatures f = ir::featuresOf(condition);
  if (f.unknown || f.dependsOnLanes()) return false;
  if (f.blockIdx) return true;
  return std::any_of(f.symbols.begin(), f.symbols.end(), [&](int s) {
    const ir::Symbol& symbol = kernel.symbols[static_cast<size_t>(s)];
    return !(symbol.kind == ir::SymbolKind::LoopIteration && std::find(loops.begin(), loops.end(), symbol.loop) != loops.end());
  });
}

const ir::Expr* findChoice(const ir::ExprRef& e, const ir::KernelInstance& kernel, const std::vector<int>& loops) {
  if (!e) return nullptr;
  if (e->kind == ir::ExprKind::Select && unknowableUniform(e->a, kernel, loops)) return e.get();
  for (const ir::ExprRef& child : {e->a, e->b, e->c})
    if (const ir::Expr* found = findChoice(child, kernel, loops)) return found;
  return nullptr;
}

// `e` with every select on `condition` (the offset may repeat the choice, a padding's i + i / 32
// does) replaced by its side `whenTrue`, rebuilt with the folding constructors.
ir::ExprRef replaced(const ir::ExprRef& e, const ir::ExprRef& condition, bool whenTrue) {
  if (!e) return e;
  if (e->kind == ir::ExprKind::Select && ir::sameTree(e->a, condition))
    return ir::makeCast(replaced(whenTrue ? e->b : e->c, condition, whenTrue), e->type);
  switch (e->kind) {
    case ir::ExprKind::Unary: return ir::makeUnary(e->unaryOp, replaced(e->a, condition, whenTrue), e->type);
    case ir::ExprKind::Binary:
      return ir::makeBinary(e->binaryOp, replaced(e->a, condition, whenTrue), replaced(e->b, condition, whenTrue), e->type);
    case ir::ExprKind::Select:
      return ir::makeSelect(replaced(e->a, condition, whenTrue), replaced(e->b, condition, whenTrue),
                            replaced(e->c, condition, whenTrue), e->type);
    case ir::ExprKind::Cast: return ir::makeCast(replaced(e->a, condition, whenTrue), e->type);
    default: return e;
  }
}

}  // namespace

std::optional<UniformChoice> uniformChoiceIn(const ir::ExprRef& offset, const ir::KernelInstance& kernel, const std::vector<int>& loops) {
  const ir::Expr* choice = findChoice(offset, kernel, loops);
  if (!choice) return std::nullopt;
  UniformChoice out;
  out.condition = choice->a;
  out.ifTrue = replaced(offset, choice->a, true);
  out.ifFalse = replaced(offset, choice->a, false);
  return out;
}

}  // namespace bankcheck::mapper
