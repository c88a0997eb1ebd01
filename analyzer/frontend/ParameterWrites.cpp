#include "frontend/ParameterWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
class ParameterWrites : public RecursiveASTVisitor<ParameterWrites> {
 public:
  explicit ParameterWrites(const ParmVarDecl* param) : param_(param) {}
  bool written = false;
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && rootsAtParam(b->getLHS())) written = true;
    return !written;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && rootsAtParam(u->getSubExpr())) written = true;
    return !written;
  }
  bool VisitCallExpr(CallExpr* c) {
    const FunctionDecl* fn = c->getDirectCallee();
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      if (!rootsAtParam(c->getArg(i))) continue;
      const QualType pt = fn && i < fn->getNumParams() ? fn->getParamDecl(i)->getType() : QualType();
      if (pt.isNull() || (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())) written = true;
    }
    if (const auto* m = dyn_cast<CXXMemberCallExpr>(c))
      if (rootsAtParam(m->getImplicitObjectArgument()) && m->getMethodDecl() && !m->getMethodDecl()->isConst()) written = true;
    return !written;
  }

 private:
  bool rootsAtParam(const Expr* e) const {
    while (e) {
      e = e->IgnoreParenImpCasts();
      if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl() == param_;
      const auto* m = dyn_cast<MemberExpr>(e);
      if (!m || m->isArrow()) return false;
      e = m->getBase();
    }
    return false;
  }
  const ParmVarDecl* param_;
};
}  // namespace

bool writesParameter(const FunctionDecl* function, const ParmVarDecl* param) {
  if (!function->getBody()) return true;
  ParameterWrites finder(param);
  finder.TraverseStmt(const_cast<Stmt*>(function->getBody()));
  return finder.written;
}

}  // namespace bankcheck::frontend
