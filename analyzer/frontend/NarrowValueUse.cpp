#include "frontend/NarrowValueUse.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace bankcheck::frontend {

ir::NarrowScalar narrowScalarOf(QualType type) {
  const QualType t = type.getCanonicalType().getUnqualifiedType();
  if (t->isIntegerType()) return ir::NarrowScalar::Integer;
  if (t->isHalfType() || t->isFloat16Type()) return ir::NarrowScalar::Half;
  if (t->isBFloat16Type()) return ir::NarrowScalar::BFloat16;
  if (const auto* rd = t->getAsRecordDecl()) {
    const std::string name = rd->getName().str();
    if (name == "__half") return ir::NarrowScalar::Half;
    if (name == "__nv_bfloat16") return ir::NarrowScalar::BFloat16;
  }
  return ir::NarrowScalar::Other;
}

namespace {
bool isFloating(QualType t) { return !t.isNull() && t.getCanonicalType()->isRealFloatingType(); }

const Expr* parentExpr(const Expr* e, ASTContext& ctx) {
  const DynTypedNodeList parents = ctx.getParents(*e);
  return parents.empty() ? nullptr : parents[0].get<Expr>();
}
}  // namespace

ir::NarrowValueUse narrowValueUse(const Expr* at, ASTContext& ctx) {
  const Expr* cur = at;
  // A few wrappers at most separate the lvalue from its use (the load, a copy into a by-value
  // parameter, temporaries).
  for (int depth = 0; cur && depth < 8; ++depth) {
    const Expr* p = parentExpr(cur, ctx);
    if (!p) return ir::NarrowValueUse::Other;
    if (const auto* cast = dyn_cast<CastExpr>(p)) {
      if (isFloating(cast->getType())) return ir::NarrowValueUse::ConvertedToFloat;
      switch (cast->getCastKind()) {
        case CK_LValueToRValue:
        case CK_NoOp:
        case CK_ConstructorConversion:
        case CK_UserDefinedConversion: cur = p; continue;
        default: return ir::NarrowValueUse::Other;
      }
    }
    if (isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups>(p)) {
      cur = p;
      continue;
    }
    if (const auto* construct = dyn_cast<CXXConstructExpr>(p)) {
      if (!construct->getConstructor()->isCopyOrMoveConstructor()) return ir::NarrowValueUse::Other;
      cur = p;
      continue;
    }
    if (const auto* member = dyn_cast<MemberExpr>(p)) {
      // `v.operator float()`: the member call around it decides.
      const auto* call = dyn_cast_or_null<CXXMemberCallExpr>(parentExpr(member, ctx));
      if (call && isa<CXXConversionDecl>(call->getMethodDecl()) && isFloating(call->getType()))
        return ir::NarrowValueUse::ConvertedToFloat;
      return ir::NarrowValueUse::Other;
    }
    if (const auto* call = dyn_cast<CallExpr>(p)) {
      const FunctionDecl* fn = call->getDirectCallee();
      if (fn && fn->getNumParams() == 1 && call->getNumArgs() == 1 && call->getArg(0) == cur && isFloating(call->getType()))
        return ir::NarrowValueUse::ConvertedToFloat;
      return ir::NarrowValueUse::Other;
    }
    return ir::NarrowValueUse::Other;
  }
  return ir::NarrowValueUse::Other;
}

}  // namespace bankcheck::frontend
