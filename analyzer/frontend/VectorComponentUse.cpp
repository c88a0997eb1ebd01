#include "frontend/VectorComponentUse.h"

#include <functional>
#include <vector>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace bankcheck::frontend {

namespace {
constexpr int kMaxCallDepth = 3;

// The function body a local variable or parameter lives in.
const Stmt* bodyOf(const VarDecl* var) {
  const auto* fn = dyn_cast_or_null<FunctionDecl>(var->getDeclContext());
  return fn && fn->doesThisDeclarationHaveABody() ? fn->getBody() : nullptr;
}

// The expression whose value a use of the variable is: above parentheses and no-op casts.
const Stmt* userOf(const std::vector<const Stmt*>& parents) {
  for (auto it = parents.rbegin(); it != parents.rend(); ++it) {
    if (isa<ParenExpr>(*it)) continue;
    if (const auto* cast = dyn_cast<ImplicitCastExpr>(*it); cast && cast->getCastKind() == CK_NoOp) continue;
    return *it;
  }
  return nullptr;
}
}  // namespace

std::optional<uint32_t> VectorComponentUse::usedFields(const VarDecl* var) { return scan(var, 0); }

std::optional<uint32_t> VectorComponentUse::scan(const VarDecl* var, int depth) {
  if (auto it = memo_.find(var); it != memo_.end()) return it->second;
  const Stmt* body = bodyOf(var);
  const RecordDecl* record = var->getType()->getAsRecordDecl();
  if (!body || !record || var->getType()->isReferenceType() || depth > kMaxCallDepth) return memo_[var] = std::nullopt;
  uint32_t mask = 0;
  bool whole = false;
  std::vector<const Stmt*> parents;
  // A use of the variable: a field of it, or the whole value copied into a callee's by-value
  // parameter (followed there); anything else needs every word.
  const auto classify = [&](const DeclRefExpr* ref) {
    const Stmt* user = userOf(parents);
    if (const auto* member = dyn_cast_or_null<MemberExpr>(user); member && !member->isArrow()) {
      const auto* field = dyn_cast<FieldDecl>(member->getMemberDecl());
      if (field && field->getParent() == record && !field->isBitField()) {
        mask |= 1u << field->getFieldIndex();
        return;
      }
    }
    // `v = ...` (a trivial copy into the whole variable) defines it; it uses nothing.
    if (const auto* assign = dyn_cast_or_null<CXXOperatorCallExpr>(user);
        assign && assign->getOperator() == OO_Equal && assign->getNumArgs() == 2 && assign->getArg(0)->IgnoreParenImpCasts() == ref) {
      const auto* method = dyn_cast_or_null<CXXMethodDecl>(assign->getDirectCallee());
      if (method && method->isTrivial()) return;
    }
    // `f(v)`: the copy constructor's argument, then the call's.
    const auto* copy = dyn_cast_or_null<CXXConstructExpr>(user);
    const Stmt* arg = copy && copy->getNumArgs() == 1 ? static_cast<const Stmt*>(copy) : nullptr;
    if (!arg) {
      if (const auto* cast = dyn_cast_or_null<ImplicitCastExpr>(user); cast && cast->getCastKind() == CK_LValueToRValue) arg = cast;
    }
    const CallExpr* call = nullptr;
    if (arg) {
      for (auto it = parents.rbegin(); it != parents.rend(); ++it)
        if (*it != arg && !isa<MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups, ImplicitCastExpr>(*it)) {
          call = dyn_cast<CallExpr>(*it);
          break;
        }
    }
    const FunctionDecl* callee = call ? call->getDirectCallee() : nullptr;
    if (callee && callee->getDefinition()) callee = callee->getDefinition();
    if (callee && !isa<CXXOperatorCallExpr>(call)) {
      for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i) {
        const Expr* a = call->getArg(i)->IgnoreImplicit();
        if (a != ref && !(isa<CXXConstructExpr>(a) && cast<CXXConstructExpr>(a)->getNumArgs() == 1 &&
                          cast<CXXConstructExpr>(a)->getArg(0)->IgnoreImplicit() == ref))
          continue;
        const ParmVarDecl* param = callee->getParamDecl(i);
        if (param->getType()->isReferenceType() || param->getType()->getAsRecordDecl() != record) break;
        if (const std::optional<uint32_t> inner = scan(param, depth + 1)) {
          mask |= *inner;
          return;
        }
        break;
      }
    }
    whole = true;
  };
  const std::function<void(const Stmt*)> visit = [&](const Stmt* s) {
    if (!s || whole) return;
    if (const auto* ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == var) classify(ref);
    parents.push_back(s);
    for (const Stmt* child : s->children()) visit(child);
    parents.pop_back();
  };
  visit(body);
  return memo_[var] = whole ? std::nullopt : std::optional<uint32_t>(mask);
}

}  // namespace bankcheck::frontend
