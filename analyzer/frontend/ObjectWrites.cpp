#include "frontend/ObjectWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
// Writes to the object `names` picks out (an expression naming it or one of its members), in the
// statements traversed; `methodWrites` says whether a method called on it may change it.
// (A CRTP base: RecursiveASTVisitor calls the Visit methods of `Derived`.)
template <class Derived>
class WriteFinderBase : public RecursiveASTVisitor<Derived> {
 public:
  WriteFinderBase(llvm::function_ref<bool(const Expr*)> names, llvm::function_ref<bool(const CXXMethodDecl*)> methodWrites)
      : names_(names), methodWrites_(methodWrites) {}
  bool written = false;

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && names_(b->getLHS())) written = true;
    return !written;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && names_(u->getSubExpr())) written = true;
    return !written;
  }
  bool VisitCallExpr(CallExpr* c) {
    const FunctionDecl* fn = c->getDirectCallee();
    const bool memberOperator = isa<CXXOperatorCallExpr>(c) && isa_and_nonnull<CXXMethodDecl>(fn);
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      if (!names_(c->getArg(i))) continue;
      if (memberOperator && i == 0) {
        if (methodWrites_(cast<CXXMethodDecl>(fn))) written = true;
        continue;
      }
      const unsigned p = memberOperator ? i - 1 : i;
      const QualType pt = fn && p < fn->getNumParams() ? fn->getParamDecl(p)->getType() : QualType();
      if (pt.isNull() || (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())) written = true;
    }
    if (const auto* m = dyn_cast<CXXMemberCallExpr>(c))
      if (names_(m->getImplicitObjectArgument()) && m->getMethodDecl() && methodWrites_(m->getMethodDecl())) written = true;
    return !written;
  }

 protected:
  llvm::function_ref<bool(const Expr*)> names_;
  llvm::function_ref<bool(const CXXMethodDecl*)> methodWrites_;
};

class ObjectWriteFinder : public WriteFinderBase<ObjectWriteFinder> {
 public:
  using WriteFinderBase::WriteFinderBase;
};

// A method's writes to its own object: those above, and `this` kept or passed on as a pointer to
// non-const, or `*this` or a field returned by reference or pointer (the caller may write it).
class ThisWriteFinder : public WriteFinderBase<ThisWriteFinder> {
 public:
  using WriteFinderBase::WriteFinderBase;
  bool VisitVarDecl(VarDecl* v) {
    if (v->getInit() && isThis(v->getInit()) && !v->getType()->getPointeeType().isConstQualified()) written = true;
    return !written;
  }
  bool VisitCallExpr(CallExpr* c) {
    if (!WriteFinderBase::VisitCallExpr(c)) return false;
    if (const FunctionDecl* fn = c->getDirectCallee())
      for (unsigned i = 0; i < c->getNumArgs() && i < fn->getNumParams(); ++i) {
        const QualType t = fn->getParamDecl(i)->getType();
        if (t->isPointerType() && !t->getPointeeType().isConstQualified() && isThis(c->getArg(i))) written = true;
      }
    return !written;
  }
  bool VisitReturnStmt(ReturnStmt* r) {
    const Expr* v = r->getRetValue();
    if (!v) return true;
    const auto* addressOf = dyn_cast<UnaryOperator>(v->IgnoreParenImpCasts());
    if (names_(v) || isThis(v) || (addressOf && addressOf->getOpcode() == UO_AddrOf && names_(addressOf->getSubExpr()))) written = true;
    return !written;
  }

 private:
  static bool isThis(const Expr* e) { return isa<CXXThisExpr>(e->IgnoreParenImpCasts()); }
};

// `e` names `*this` or a field of it (`x`, `this->x`, `(*this).x.y`).
bool namesThisObject(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  while (const auto* m = dyn_cast<MemberExpr>(e)) {
    const Expr* base = m->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(base)) return m->isArrow();
    if (m->isArrow()) return false;
    e = base;
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) return isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts());
  return false;
}
}  // namespace

bool writesParameter(const FunctionDecl* function, const ParmVarDecl* param) {
  if (!function->getBody()) return true;
  const auto rootsAtParam = [param](const Expr* e) {
    while (e) {
      e = e->IgnoreParenImpCasts();
      if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl() == param;
      const auto* m = dyn_cast<MemberExpr>(e);
      if (!m || m->isArrow()) return false;
      e = m->getBase();
    }
    return false;
  };
  const auto nonConst = [](const CXXMethodDecl* m) { return !m->isConst(); };
  ObjectWriteFinder finder(rootsAtParam, nonConst);
  finder.TraverseStmt(const_cast<Stmt*>(function->getBody()));
  return finder.written;
}

bool methodMayChangeObject(const CXXMethodDecl* method) {
  if (!method || method->isStatic() || method->isConst()) return false;
  const FunctionDecl* def = nullptr;
  if (!method->hasBody(def) || !def || !def->getBody() || isa<CXXConstructorDecl>(def) || isa<CXXDestructorDecl>(def)) return true;
  // A method called on `*this` may change it in turn; one already being looked at (recursion)
  // counts as a write.
  static thread_local llvm::SmallPtrSet<const FunctionDecl*, 8> inProgress;
  if (!inProgress.insert(def).second) return true;
  ThisWriteFinder finder(namesThisObject, methodMayChangeObject);
  finder.TraverseStmt(const_cast<Stmt*>(def->getBody()));
  inProgress.erase(def);
  return finder.written;
}

}  // namespace bankcheck::frontend
