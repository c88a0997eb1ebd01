#include "frontend/StaticSharedVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace bankcheck::frontend {
namespace {

bool isStaticShared(const VarDecl* v) {
  return v && v->hasAttr<CUDASharedAttr>() && !v->hasExternalStorage() && !v->getType()->isIncompleteArrayType();
}

class Collector : public RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(StaticSharedVariables& out) : out_(out) {}

  void collect(const FunctionDecl* fn) {
    if (!fn) {
      out_.complete = false;
      return;
    }
    // A builtin or a declaration only: nothing of the block's memory (code of another translation
    // unit, linked with -rdc, is not seen).
    const FunctionDecl* def = fn->getDefinition();
    if (!def || !def->hasBody() || !visited_.insert(def).second) return;
    TraverseStmt(const_cast<Stmt*>(def->getBody()));
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(def))
      for (const CXXCtorInitializer* init : ctor->inits())
        if (init->getInit()) TraverseStmt(init->getInit());
  }

  bool VisitVarDecl(VarDecl* v) {
    if (isStaticShared(v)) out_.variables.insert(v->getCanonicalDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    if (const auto* v = dyn_cast<VarDecl>(e->getDecl()); isStaticShared(v)) out_.variables.insert(v->getCanonicalDecl());
    return true;
  }
  bool VisitCallExpr(CallExpr* e) {
    if (e->getDirectCallee()) collect(e->getDirectCallee());
    else if (!isa<CXXPseudoDestructorExpr>(e->getCallee()->IgnoreParenImpCasts())) out_.complete = false;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* e) {
    collect(e->getConstructor());
    return true;
  }

 private:
  StaticSharedVariables& out_;
  llvm::DenseSet<const FunctionDecl*> visited_;
};

}  // namespace

StaticSharedVariables StaticSharedVariables::of(const FunctionDecl* kernel) {
  StaticSharedVariables out;
  Collector(out).collect(kernel);
  return out;
}

}  // namespace bankcheck::frontend
