#include "frontend/WarpUniformity.h"
#include "frontend/ObjectWrites.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "frontend/LoopAnalysis.h"
#include "llvm/ADT/SmallVector.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {

// A condition some code runs under; null stands for one that is never uniform (the element of a
// range-based for loop).
using Guards = llvm::SmallVector<const Expr*, 4>;

struct Write {
  const VarDecl* var = nullptr;
  const Expr* value = nullptr;  // null: written where the value is not seen (address taken, reference argument, asm)
  Guards guards;
};

bool isCandidateLocal(const VarDecl* v) {
  return v && v->isLocalVarDeclOrParm() && !v->isStaticLocal() && !v->hasAttr<CUDASharedAttr>() &&
         (v->getType()->isIntegralOrEnumerationType() || v->getType()->isPointerType());
}

// Collects, in one walk of the loop, every write of a local, every way out of an iteration, and
// the conditions each of them runs under.
class LoopScan {
 public:
  std::vector<Write> writes;
  std::vector<Guards> exits;   // every break, continue, return, goto and throw, nested loops' too
  std::vector<Guards> leaves;  // those that leave this loop for good: its own breaks, returns, throws
  std::vector<Guards> skips;   // those that skip the rest of an iteration: its own continues, gotos
  llvm::SmallPtrSet<const VarDecl*, 8> declared;

  void scan(const Stmt* s) {
    if (!s) return;
    if (isa<LambdaExpr>(s)) return;  // its body runs where it is called, not here
    if (const auto* i = dyn_cast<IfStmt>(s)) {
      scan(i->getInit());
      scan(i->getConditionVariableDeclStmt());
      scan(i->getCond());
      underGuard(i->isConsteval() ? nullptr : i->getCond(), [&] {
        scan(i->getThen());
        scan(i->getElse());
      }, i->isConstexpr() || i->isConsteval());
      return;
    }
    if (const auto* sw = dyn_cast<SwitchStmt>(s)) {
      scan(sw->getInit());
      scan(sw->getConditionVariableDeclStmt());
      scan(sw->getCond());
      ++nestedSwitches_;
      underGuard(sw->getCond(), [&] { scan(sw->getBody()); });
      --nestedSwitches_;
      return;
    }
    if (const auto* f = dyn_cast<ForStmt>(s)) {
      scan(f->getInit());
      ++nestedLoops_;
      underGuard(f->getCond(), [&] {
        scan(f->getConditionVariableDeclStmt());
        scan(f->getCond());
        scan(f->getBody());
        scan(f->getInc());
      }, !f->getCond());
      --nestedLoops_;
      return;
    }
    if (const auto* w = dyn_cast<WhileStmt>(s)) {
      ++nestedLoops_;
      underGuard(w->getCond(), [&] {
        scan(w->getConditionVariableDeclStmt());
        scan(w->getCond());
        scan(w->getBody());
      });
      --nestedLoops_;
      return;
    }
    if (const auto* d = dyn_cast<DoStmt>(s)) {
      ++nestedLoops_;
      underGuard(d->getCond(), [&] {
        scan(d->getBody());
        scan(d->getCond());
      });
      --nestedLoops_;
      return;
    }
    if (const auto* r = dyn_cast<CXXForRangeStmt>(s)) {
      scan(r->getInit());
      scan(r->getRangeStmt());
      ++nestedLoops_;
      underGuard(nullptr, [&] { scan(r->getBody()); });
      --nestedLoops_;
      return;
    }
    if (const auto* c = dyn_cast<AbstractConditionalOperator>(s)) {
      scan(c->getCond());
      underGuard(c->getCond(), [&] {
        scan(c->getTrueExpr());
        scan(c->getFalseExpr());
      });
      return;
    }
    if (const auto* b = dyn_cast<BinaryOperator>(s)) {
      if (b->isLogicalOp()) {
        scan(b->getLHS());
        underGuard(b->getLHS(), [&] { scan(b->getRHS()); });
        return;
      }
      if (b->isAssignmentOp())
        if (const VarDecl* v = referencedVar(b->getLHS()))
          writes.push_back({v, b->getRHS(), guards_});
    }
    if (const auto* u = dyn_cast<UnaryOperator>(s)) {
      if (u->isIncrementDecrementOp())
        if (const VarDecl* v = referencedVar(u->getSubExpr())) writes.push_back({v, u->getSubExpr(), guards_});
      if (u->getOpcode() == UO_AddrOf)
        if (const VarDecl* v = referencedVar(u->getSubExpr())) writes.push_back({v, nullptr, guards_});
    }
    if (const auto* ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl* d : ds->decls())
        if (const auto* v = dyn_cast<VarDecl>(d)) {
          declared.insert(v);
          if (v->getInit()) writes.push_back({v, v->getInit(), guards_});
        }
    }
    if (const auto* call = dyn_cast<CallExpr>(s)) noteReferenceArguments(call);
    if (const auto* asmStmt = dyn_cast<AsmStmt>(s))
      for (unsigned i = 0; i < asmStmt->getNumOutputs(); ++i)
        if (const VarDecl* v = referencedVar(asmStmt->getOutputExpr(i))) writes.push_back({v, nullptr, guards_});
    if (isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) ||
        isa<CXXThrowExpr>(s))
      exits.push_back(guards_);
    if ((isa<BreakStmt>(s) && nestedLoops_ == 0 && nestedSwitches_ == 0) || isa<ReturnStmt>(s) || isa<CXXThrowExpr>(s))
      leaves.push_back(guards_);
    if ((isa<ContinueStmt>(s) && nestedLoops_ == 0) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) skips.push_back(guards_);
    for (const Stmt* child : s->children()) scan(child);
  }

 private:
  Guards guards_;
  int nestedLoops_ = 0;     // loops inside the scanned one: their breaks and continues are theirs
  int nestedSwitches_ = 0;  // a break inside a switch leaves the switch

  template <typename F>
  void underGuard(const Expr* guard, F&& body, bool noGuard = false) {
    if (!noGuard) guards_.push_back(guard);
    body();
    if (!noGuard) guards_.pop_back();
  }

  // A variable bound to a non-const reference parameter (or the object of a non-const method)
  // may be written by the callee with a value not seen here.
  void noteReferenceArguments(const CallExpr* call) {
    const FunctionDecl* fn = call->getDirectCallee();
    if (!fn) {
      for (const Expr* arg : call->arguments())
        if (const VarDecl* v = referencedVar(arg); v && arg->isGLValue()) writes.push_back({v, nullptr, guards_});
      return;
    }
    unsigned offset = 0;
    if (isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fn)) {
      offset = 1;
      if (methodMayChangeObject(cast<CXXMethodDecl>(fn)) && call->getNumArgs() > 0)
        if (const VarDecl* v = referencedVar(call->getArg(0))) writes.push_back({v, nullptr, guards_});
    }
    if (const auto* member = dyn_cast<CXXMemberCallExpr>(call))
      if (const auto* m = member->getMethodDecl(); m && methodMayChangeObject(m))
        if (const VarDecl* v = referencedVar(member->getImplicitObjectArgument())) writes.push_back({v, nullptr, guards_});
    for (unsigned i = offset; i < call->getNumArgs(); ++i) {
      const unsigned p = i - offset;
      if (p >= fn->getNumParams()) break;
      const QualType t = fn->getParamDecl(p)->getType();
      if (t->isReferenceType() && !t->getPointeeType().isConstQualified())
        if (const VarDecl* v = referencedVar(call->getArg(i))) writes.push_back({v, nullptr, guards_});
    }
  }
};

bool isUniformBuiltin(const MemberExpr* me) {
  const auto* base = dyn_cast<DeclRefExpr>(me->getBase()->IgnoreParenImpCasts());
  const auto* v = base ? dyn_cast<VarDecl>(base->getDecl()) : nullptr;
  if (!v || !v->hasGlobalStorage()) return false;
  const llvm::StringRef name = v->getName();
  return name == "blockIdx" || name == "blockDim" || name == "gridDim";
}

bool isMinMax(const FunctionDecl* fn) {
  if (!fn->getIdentifier()) return false;
  const llvm::StringRef n = fn->getName();
  return n == "min" || n == "max" || n == "umin" || n == "umax" || n == "llmin" || n == "llmax" || n == "ullmin" ||
         n == "ullmax" || n == "abs" || n == "__mul24" || n == "__umul24";
}

// An expression of nothing but the method's own fields (`size_`, `size_[i]`), its parameters and
// constants: what a getter returns.
bool readsOnlyFieldsAndParameters(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(e)) return true;
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return isa<ParmVarDecl, EnumConstantDecl>(ref->getDecl());
  if (const auto* m = dyn_cast<MemberExpr>(e))
    return isa<FieldDecl>(m->getMemberDecl()) && isa<CXXThisExpr>(m->getBase()->IgnoreParenImpCasts());
  if (const auto* sub = dyn_cast<ArraySubscriptExpr>(e))
    return sub->getBase()->IgnoreParenImpCasts()->getType()->isConstantArrayType() && readsOnlyFieldsAndParameters(sub->getBase()) &&
           readsOnlyFieldsAndParameters(sub->getIdx());
  if (const auto* b = dyn_cast<BinaryOperator>(e))
    return !b->isAssignmentOp() && b->getOpcode() != BO_Comma && readsOnlyFieldsAndParameters(b->getLHS()) &&
           readsOnlyFieldsAndParameters(b->getRHS());
  return false;
}

// A method whose body is `return <its fields, parameters and constants>;`.
bool isFieldGetter(const CXXMethodDecl* m) {
  const FunctionDecl* def = nullptr;
  if (!m->hasBody(def) || !def) return false;
  const auto* body = dyn_cast_or_null<CompoundStmt>(def->getBody());
  if (!body || body->size() != 1) return false;
  const auto* ret = dyn_cast<ReturnStmt>(body->body_front());
  return ret && ret->getRetValue() && readsOnlyFieldsAndParameters(ret->getRetValue());
}

class UniformityCheck {
 public:
  UniformityCheck(const llvm::SmallPtrSetImpl<const VarDecl*>& uniform, const llvm::SmallPtrSetImpl<const VarDecl*>& changed,
                  llvm::function_ref<bool(const VarDecl*)> uniformOnEntry, const ASTContext& ctx)
      : uniform_(uniform), changed_(changed), uniformOnEntry_(uniformOnEntry), ctx_(ctx) {}

  bool guards(const Guards& g) const {
    for (const Expr* e : g)
      if (!expr(e)) return false;
    return true;
  }

  bool expr(const Expr* e) const {
    if (!e) return false;
    e = e->IgnoreParens();
    if (e->isValueDependent() || e->containsErrors()) return false;
    if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr, FloatingLiteral, UnaryExprOrTypeTraitExpr,
            CXXNullPtrLiteralExpr>(e))
      return true;
    if (e->getType()->isIntegralOrEnumerationType() && e->isIntegerConstantExpr(ctx_)) return true;
    if (const auto* c = dyn_cast<CastExpr>(e)) return expr(c->getSubExpr());
    if (const auto* s = dyn_cast<SubstNonTypeTemplateParmExpr>(e)) return expr(s->getReplacement());
    if (const auto* fe = dyn_cast<FullExpr>(e)) return expr(fe->getSubExpr());
    if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
      if (isa<EnumConstantDecl>(dre->getDecl())) return true;
      const auto* v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v) return false;
      if (uniform_.count(v)) return true;
      if (changed_.count(v)) return false;
      return uniformOnEntry_(v);
    }
    if (const auto* me = dyn_cast<MemberExpr>(e)) {
      if (isUniformBuiltin(me)) return true;
      // A field of an object every lane holds alike (a kernel parameter passed by value).
      const Expr* base = me;
      while (const auto* m = dyn_cast<MemberExpr>(base->IgnoreParenImpCasts())) {
        if (m->isArrow() || !isa<FieldDecl>(m->getMemberDecl())) return false;
        base = m->getBase();
      }
      return expr(base);
    }
    if (const auto* sub = dyn_cast<ArraySubscriptExpr>(e))  // one address for every lane: one value
      return sub->getBase()->getType()->isPointerType() && expr(sub->getBase()) && expr(sub->getIdx());
    if (const auto* b = dyn_cast<BinaryOperator>(e)) {
      if (b->getOpcode() == BO_Comma) return expr(b->getRHS());
      return expr(b->getLHS()) && expr(b->getRHS());
    }
    if (const auto* u = dyn_cast<UnaryOperator>(e)) {
      switch (u->getOpcode()) {
        case UO_Plus: case UO_Minus: case UO_Not: case UO_LNot:
        case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
          return expr(u->getSubExpr());
        case UO_Deref: return expr(u->getSubExpr());  // a load of one address for every lane
        default: return false;  // an address
      }
    }
    if (const auto* c = dyn_cast<ConditionalOperator>(e))
      return expr(c->getCond()) && expr(c->getTrueExpr()) && expr(c->getFalseExpr());
    // A getter of an object every lane holds alike, with uniform arguments (`t.getSize(1)` on a
    // kernel parameter): it returns one of the object's fields, the same in every lane.
    if (const auto* mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const CXXMethodDecl* m = mc->getMethodDecl();
      if (!m || !m->isConst() || !isFieldGetter(m)) return false;
      for (const Expr* arg : mc->arguments())
        if (!expr(arg)) return false;
      const Expr* object = mc->getImplicitObjectArgument();
      return object && !object->getType()->isPointerType() && expr(object);
    }
    if (const auto* call = dyn_cast<CallExpr>(e)) {
      // min/max of uniform values, or a constexpr helper (`ceil_div(k, TILE)`) of uniform numbers.
      const FunctionDecl* fn = call->getDirectCallee();
      if (!fn || isa<CXXMethodDecl>(fn) || !(isMinMax(fn) || fn->isConstexpr())) return false;
      for (const ParmVarDecl* p : fn->parameters())
        if (!p->getType()->isArithmeticType() && !p->getType()->isEnumeralType()) return false;
      for (const Expr* arg : call->arguments())
        if (!expr(arg)) return false;
      return true;
    }
    return false;
  }

 private:
  const llvm::SmallPtrSetImpl<const VarDecl*>& uniform_;
  const llvm::SmallPtrSetImpl<const VarDecl*>& changed_;
  llvm::function_ref<bool(const VarDecl*)> uniformOnEntry_;
  const ASTContext& ctx_;
};

}  // namespace

LoopUniformity analyzeLoopUniformity(const Stmt* body, const Expr* condition, const Expr* increment,
                                     const llvm::SmallPtrSetImpl<const VarDecl*>& changed,
                                     llvm::function_ref<bool(const VarDecl*)> uniformOnEntry, const ASTContext& ctx) {
  LoopScan scan;
  scan.scan(condition);
  scan.scan(body);
  scan.scan(increment);

  // Everything the loop writes or declares; a variable declared inside has no value on entry.
  llvm::SmallPtrSet<const VarDecl*, 16> written(changed.begin(), changed.end());
  for (const Write& w : scan.writes) written.insert(w.var);
  written.insert(scan.declared.begin(), scan.declared.end());

  LoopUniformity out;
  out.leavesEarly = !scan.exits.empty();
  for (const VarDecl* v : written)
    if (isCandidateLocal(v) && (scan.declared.count(v) || uniformOnEntry(v))) out.uniform.insert(v);

  const UniformityCheck check(out.uniform, written, uniformOnEntry, ctx);
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (const Write& w : scan.writes)
      if (out.uniform.count(w.var) && (!w.value || !check.expr(w.value) || !check.guards(w.guards))) {
        out.uniform.erase(w.var);
        dropped = true;
      }
  }
  // A lane that skips the rest of an iteration misses the writes after it, and the lanes differ.
  for (const Guards& g : scan.skips)
    if (!check.guards(g)) {
      out.uniform.clear();
      return out;
    }
  // A lane that leaves the loop (its own break, a return) misses nothing the lanes still in the
  // loop see: among them the values stay uniform. After the loop they differ, unless every lane
  // leaves at the same iteration.
  bool leavesTogether = true;
  for (const Guards& g : scan.leaves) leavesTogether = leavesTogether && check.guards(g);
  out.exitUniform = leavesTogether && (!condition || check.expr(condition));
  return out;
}

bool isWarpUniform(const Expr* e, llvm::function_ref<bool(const VarDecl*)> uniformOnEntry, const ASTContext& ctx) {
  const llvm::SmallPtrSet<const VarDecl*, 1> none;
  return UniformityCheck(none, none, uniformOnEntry, ctx).expr(e);
}

}  // namespace bankcheck::frontend
