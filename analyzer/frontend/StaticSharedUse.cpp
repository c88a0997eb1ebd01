#include "frontend/StaticSharedUse.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace bankcheck::frontend {
namespace {

bool isStaticShared(const VarDecl* v) {
  return v && v->hasAttr<CUDASharedAttr>() && !v->hasExternalStorage() && !v->getType()->isIncompleteArrayType();
}

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  explicit Finder(StaticSharedUse& use) : use_(use) {}
  bool found = false;

  bool VisitVarDecl(VarDecl* v) { return note(isStaticShared(v)); }
  bool VisitDeclRefExpr(DeclRefExpr* e) { return note(isStaticShared(dyn_cast<VarDecl>(e->getDecl()))); }
  bool VisitCallExpr(CallExpr* e) {
    const FunctionDecl* callee = e->getDirectCallee();
    if (!callee) return note(!isa<CXXPseudoDestructorExpr>(e->getCallee()->IgnoreParenImpCasts()));
    return note(use_.mayUse(callee));
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* e) { return note(use_.mayUse(e->getConstructor())); }

 private:
  bool note(bool uses) {
    found = found || uses;
    return !found;  // stop the traversal at the first use
  }
  StaticSharedUse& use_;
};

}  // namespace

bool StaticSharedUse::mayUse(const FunctionDecl* fn) {
  if (!fn) return true;
  const FunctionDecl* def = fn->getDefinition();
  // A builtin or a declaration only: nothing of the block's memory (code of another translation
  // unit, linked with -rdc, is not seen).
  if (!def || !def->hasBody()) return false;
  if (auto it = memo_.find(def); it != memo_.end()) return it->second;
  memo_[def] = false;  // a recursive call adds nothing its own body does not
  Finder finder(*this);
  finder.TraverseStmt(const_cast<Stmt*>(def->getBody()));
  if (const auto* ctor = dyn_cast<CXXConstructorDecl>(def))
    for (const CXXCtorInitializer* init : ctor->inits())
      if (!finder.found && init->getInit()) finder.TraverseStmt(init->getInit());
  memo_[def] = finder.found;
  return finder.found;
}

}  // namespace bankcheck::frontend
