#include "frontend/LoopAnalysis.h"
#include "frontend/ObjectWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace bankcheck::frontend {

using namespace clang;

const Expr* stripCasts(const Expr* e) {
  while (e) {
    e = e->IgnoreParens();
    if (const auto* ic = dyn_cast<ImplicitCastExpr>(e)) {
      switch (ic->getCastKind()) {
        case CK_NoOp: case CK_IntegralCast: case CK_LValueToRValue:
          e = ic->getSubExpr();
          continue;
        default: break;
      }
    }
    if (const auto* fc = dyn_cast<FullExpr>(e)) { e = fc->getSubExpr(); continue; }
    break;
  }
  return e;
}

const VarDecl* referencedVar(const Expr* e) {
  if (const auto* dre = dyn_cast_or_null<DeclRefExpr>(stripCasts(e)))
    return dyn_cast<VarDecl>(dre->getDecl());
  return nullptr;
}

namespace {
bool isIntegerLiteral(const Expr* e, int64_t v) {
  Expr::EvalResult r;
  // Only plain literals: evaluating arbitrary expressions here would need an ASTContext.
  if (const auto* lit = dyn_cast<IntegerLiteral>(stripCasts(e))) return lit->getValue() == v;
  return false;
}
}  // namespace

std::vector<InductionStep> findInductionSteps(const Expr* inc) {
  if (!inc) return {};
  if (const auto* comma = dyn_cast<BinaryOperator>(inc->IgnoreParens()); comma && comma->getOpcode() == BO_Comma) {
    std::vector<InductionStep> left = findInductionSteps(comma->getLHS()), right = findInductionSteps(comma->getRHS());
    if (left.empty() || right.empty()) return {};
    left.insert(left.end(), right.begin(), right.end());
    return left;
  }
  if (std::optional<InductionStep> one = findInductionStep(inc)) return {*one};
  return {};
}

std::optional<InductionStep> findInductionStep(const Expr* inc) {
  if (!inc) return std::nullopt;
  inc = inc->IgnoreParens();
  if (const auto* u = dyn_cast<UnaryOperator>(inc)) {
    if (!u->isIncrementDecrementOp()) return std::nullopt;
    if (const VarDecl* v = referencedVar(u->getSubExpr()))
      return InductionStep{v, u->isIncrementOp() ? StepKind::Add : StepKind::Sub, nullptr};
    return std::nullopt;
  }
  const auto* b = dyn_cast<BinaryOperator>(inc);
  if (!b) return std::nullopt;
  const VarDecl* v = referencedVar(b->getLHS());
  if (!v) return std::nullopt;
  switch (b->getOpcode()) {
    case BO_AddAssign: return InductionStep{v, StepKind::Add, b->getRHS()};
    case BO_SubAssign: return InductionStep{v, StepKind::Sub, b->getRHS()};
    case BO_MulAssign: return InductionStep{v, StepKind::Mul, b->getRHS()};
    case BO_ShlAssign: return InductionStep{v, StepKind::Shl, b->getRHS()};
    case BO_ShrAssign: return InductionStep{v, StepKind::Shr, b->getRHS()};
    case BO_DivAssign: return InductionStep{v, StepKind::Div, b->getRHS()};
    case BO_Assign: {
      // i = i + s, i = s + i, i = i - s, i = i * s, i = i >> s, i = i / s
      const auto* rhs = dyn_cast<BinaryOperator>(stripCasts(b->getRHS()));
      if (!rhs) return std::nullopt;
      const bool lhsIsVar = referencedVar(rhs->getLHS()) == v;
      const bool rhsIsVar = referencedVar(rhs->getRHS()) == v;
      switch (rhs->getOpcode()) {
        case BO_Add:
          if (lhsIsVar) return InductionStep{v, StepKind::Add, rhs->getRHS()};
          if (rhsIsVar) return InductionStep{v, StepKind::Add, rhs->getLHS()};
          break;
        case BO_Sub: if (lhsIsVar) return InductionStep{v, StepKind::Sub, rhs->getRHS()}; break;
        case BO_Mul:
          if (lhsIsVar) return InductionStep{v, StepKind::Mul, rhs->getRHS()};
          if (rhsIsVar) return InductionStep{v, StepKind::Mul, rhs->getLHS()};
          break;
        case BO_Shl: if (lhsIsVar) return InductionStep{v, StepKind::Shl, rhs->getRHS()}; break;
        case BO_Shr: if (lhsIsVar) return InductionStep{v, StepKind::Shr, rhs->getRHS()}; break;
        case BO_Div: if (lhsIsVar) return InductionStep{v, StepKind::Div, rhs->getRHS()}; break;
        default: break;
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

namespace {
class ModifiedVarCollector : public RecursiveASTVisitor<ModifiedVarCollector> {
 public:
  explicit ModifiedVarCollector(llvm::SmallPtrSetImpl<const VarDecl*>& out) : out_(out) {}

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp()) note(b->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) note(u->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr* call) {
    // A variable passed to a non-const reference parameter may be written by the callee.
    const FunctionDecl* fn = call->getDirectCallee();
    if (!fn) return true;
    // std::forward and std::move of a trivially copyable value only cast it (`kernel(std::forward<
    // Args>(args)...)` in a loop repeating a launch): moving such a value copies it.
    if (isValueCategoryCast(fn) && call->getNumArgs() == 1 &&
        call->getArg(0)->getType().getNonReferenceType().isTriviallyCopyableType(fn->getASTContext()))
      return true;
    unsigned offset = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fn) ? 1 : 0;
    if (offset && call->getNumArgs() > 0) {
      // Operator calls on a variable (`v += w` for a class type) modify it when non-const.
      const auto* m = cast<CXXMethodDecl>(fn);
      if (methodMayChangeObject(m)) note(call->getArg(0));
    }
    const FunctionDecl* def = nullptr;
    const bool bodyKnown = fn->hasBody(def) && def && def->getNumParams() == fn->getNumParams();
    for (unsigned i = offset; i < call->getNumArgs(); ++i) {
      unsigned p = i - offset;
      if (p >= fn->getNumParams()) break;
      QualType t = fn->getParamDecl(p)->getType();
      if (!t->isReferenceType() || t->getPointeeType().isConstQualified()) continue;
      // A callee whose body never writes the parameter (a benchmarking helper that forwards its
      // arguments to a launcher taking them by value) leaves the variable as it was.
      if (bodyKnown && !writesParameter(def, def->getParamDecl(p))) continue;
      note(call->getArg(i));
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* call) {
    if (const auto* m = call->getMethodDecl(); m && methodMayChangeObject(m))
      note(call->getImplicitObjectArgument());
    return true;
  }

 private:
  // Writing a field or element of a local object modifies the object; writing through a
  // pointer (`p[i] = x`, `p->f = x`) does not modify the pointer variable.
  void note(const Expr* e) {
    e = e->IgnoreParens();
    while (true) {
      if (const auto* m = dyn_cast<MemberExpr>(e)) {
        if (m->isArrow()) return;
        e = m->getBase()->IgnoreParens();
      } else if (const auto* a = dyn_cast<ArraySubscriptExpr>(e)) {
        const auto* decay = dyn_cast<ImplicitCastExpr>(a->getBase()->IgnoreParens());
        if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return;
        e = decay->getSubExpr()->IgnoreParens();
      } else if (const auto* c = dyn_cast<ImplicitCastExpr>(e); c && c->getCastKind() != CK_LValueToRValue) {
        e = c->getSubExpr()->IgnoreParens();
      } else {
        break;
      }
    }
    if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
      if (const auto* v = dyn_cast<VarDecl>(dre->getDecl())) out_.insert(v);
      // A structured binding's write changes the object it is part of (or the variable it holds).
      if (const auto* b = dyn_cast<BindingDecl>(dre->getDecl())) {
        if (const VarDecl* holding = b->getHoldingVar()) out_.insert(holding);
        else if (const auto* whole = dyn_cast_or_null<VarDecl>(b->getDecomposedDecl())) out_.insert(whole);
      }
    }
  }
  llvm::SmallPtrSetImpl<const VarDecl*>& out_;
};

// Counts the statements anywhere in `s` that modify `var`.
class UpdateCounter : public RecursiveASTVisitor<UpdateCounter> {
 public:
  explicit UpdateCounter(const VarDecl* var) : var_(var) {}
  int count = 0;
  std::vector<const Expr*> updates;  // each write, in the order of the source
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && referencedVar(b->getLHS()) == var_) {
      ++count;
      updates.push_back(b);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) &&
        referencedVar(u->getSubExpr()) == var_) {
      ++count;
      updates.push_back(u);
    }
    return true;
  }
  // An output of inline asm: a write no form above describes.
  bool VisitGCCAsmStmt(GCCAsmStmt* s) {
    for (unsigned i = 0; i < s->getNumOutputs(); ++i)
      if (referencedVar(s->getOutputExpr(i)) == var_) {
        ++count;
        updates.push_back(s->getOutputExpr(i));
      }
    return true;
  }
  // Bound to a reference a callee may write through (`advance(addr)` with `uint32_t& a`): a write
  // no form above describes.
  bool VisitCallExpr(CallExpr* call) {
    const FunctionDecl* fn = call->getDirectCallee();
    const unsigned skip = isa<CXXOperatorCallExpr>(call) && fn && isa<CXXMethodDecl>(fn) ? 1 : 0;
    for (unsigned i = skip; fn && i < call->getNumArgs(); ++i) {
      if (i - skip >= fn->getNumParams()) break;
      const QualType pt = fn->getParamDecl(i - skip)->getType();
      if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified() && referencedVar(call->getArg(i)) == var_) {
        ++count;
        updates.push_back(call);
      }
    }
    return true;
  }

 private:
  const VarDecl* var_;
};

// `p = (int4*)((half*)p + n)`: a pointer stepped in another element type (a step of n halves).
std::optional<CarriedUpdate> castPointerStep(const Expr* rhs, const VarDecl* v) {
  if (!v->getType()->isPointerType()) return std::nullopt;
  const Expr* stripped = stripCasts(rhs);
  const auto* outer = dyn_cast<ExplicitCastExpr>(stripped);
  if (!outer) return std::nullopt;
  const auto* sum = dyn_cast<BinaryOperator>(outer->getSubExpr()->IgnoreParenImpCasts());
  if (!sum || (sum->getOpcode() != BO_Add && sum->getOpcode() != BO_Sub) || !sum->getType()->isPointerType())
    return std::nullopt;
  const QualType pointee = sum->getType()->getPointeeType();
  if (pointee->isIncompleteType() || pointee->isVoidType()) return std::nullopt;
  const auto isVar = [&](const Expr* x) {
    const auto* dre = dyn_cast<DeclRefExpr>(x->IgnoreParenCasts());
    return dre && dre->getDecl() == v;
  };
  if (sum->getLHS()->getType()->isPointerType() && isVar(sum->getLHS()))
    return CarriedUpdate{sum->getOpcode() == BO_Add ? CarriedUpdate::AddAmount : CarriedUpdate::SubAmount, sum->getRHS(), nullptr, pointee};
  if (sum->getOpcode() == BO_Add && sum->getRHS()->getType()->isPointerType() && isVar(sum->getRHS()))
    return CarriedUpdate{CarriedUpdate::AddAmount, sum->getLHS(), nullptr, pointee};
  return std::nullopt;
}

std::optional<CarriedUpdate> classify(const Expr* e, const VarDecl* v) {
  e = e->IgnoreParens();
  if (const auto* fe = dyn_cast<FullExpr>(e)) e = fe->getSubExpr()->IgnoreParens();
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->isIncrementDecrementOp() && referencedVar(u->getSubExpr()) == v)
      return CarriedUpdate{u->isIncrementOp() ? CarriedUpdate::AddAmount : CarriedUpdate::SubAmount, nullptr};
    return std::nullopt;
  }
  const auto* b = dyn_cast<BinaryOperator>(e);
  if (!b || referencedVar(b->getLHS()) != v) return std::nullopt;
  switch (b->getOpcode()) {
    case BO_AddAssign: return CarriedUpdate{CarriedUpdate::AddAmount, b->getRHS()};
    case BO_SubAssign: return CarriedUpdate{CarriedUpdate::SubAmount, b->getRHS()};
    case BO_XorAssign:
      if (isIntegerLiteral(b->getRHS(), 1)) return CarriedUpdate{CarriedUpdate::XorAmount, nullptr};
      return CarriedUpdate{CarriedUpdate::XorAmount, b->getRHS()};
    case BO_ShlAssign: return CarriedUpdate{CarriedUpdate::ShlAmount, b->getRHS()};
    case BO_ShrAssign: return CarriedUpdate{CarriedUpdate::ShrAmount, b->getRHS()};
    case BO_MulAssign: return CarriedUpdate{CarriedUpdate::MulAmount, b->getRHS()};
    case BO_DivAssign: return CarriedUpdate{CarriedUpdate::DivAmount, b->getRHS()};
    case BO_Assign: {
      if (std::optional<CarriedUpdate> cast = castPointerStep(b->getRHS(), v)) return cast;
      const auto* rhs = dyn_cast<BinaryOperator>(stripCasts(b->getRHS()));
      if (!rhs) return std::nullopt;
      const bool l = referencedVar(rhs->getLHS()) == v, r = referencedVar(rhs->getRHS()) == v;
      if (rhs->getOpcode() == BO_Shl && l) return CarriedUpdate{CarriedUpdate::ShlAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Shr && l) return CarriedUpdate{CarriedUpdate::ShrAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Mul && l) return CarriedUpdate{CarriedUpdate::MulAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Mul && r) return CarriedUpdate{CarriedUpdate::MulAmount, rhs->getLHS()};
      if (rhs->getOpcode() == BO_Div && l) return CarriedUpdate{CarriedUpdate::DivAmount, rhs->getRHS()};
      // `v = (v + a) % N`
      if (rhs->getOpcode() == BO_Rem)
        if (const auto* sum = dyn_cast<BinaryOperator>(stripCasts(rhs->getLHS())); sum && sum->getOpcode() == BO_Add) {
          if (referencedVar(sum->getLHS()) == v) return CarriedUpdate{CarriedUpdate::ModAdd, sum->getRHS(), rhs->getRHS()};
          if (referencedVar(sum->getRHS()) == v) return CarriedUpdate{CarriedUpdate::ModAdd, sum->getLHS(), rhs->getRHS()};
        }
      if (rhs->getOpcode() == BO_Add && l) return CarriedUpdate{CarriedUpdate::AddAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Add && r) return CarriedUpdate{CarriedUpdate::AddAmount, rhs->getLHS()};
      if (rhs->getOpcode() == BO_Sub && l) return CarriedUpdate{CarriedUpdate::SubAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Xor && ((l && isIntegerLiteral(rhs->getRHS(), 1)) ||
                                         (r && isIntegerLiteral(rhs->getLHS(), 1))))
        return CarriedUpdate{CarriedUpdate::XorAmount, nullptr};
      if (rhs->getOpcode() == BO_Xor && l) return CarriedUpdate{CarriedUpdate::XorAmount, rhs->getRHS()};
      if (rhs->getOpcode() == BO_Xor && r) return CarriedUpdate{CarriedUpdate::XorAmount, rhs->getLHS()};
      if (rhs->getOpcode() == BO_Sub && r && isIntegerLiteral(rhs->getLHS(), 1))
        return CarriedUpdate{CarriedUpdate::OneMinus, nullptr};
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}
class VarReadFinder : public RecursiveASTVisitor<VarReadFinder> {
 public:
  explicit VarReadFinder(const llvm::SmallPtrSetImpl<const VarDecl*>& vars) : vars_(vars) {}
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr* d) {
    if (const auto* vd = dyn_cast<VarDecl>(d->getDecl()); vd && vars_.count(vd)) found = true;
    return !found;
  }

 private:
  const llvm::SmallPtrSetImpl<const VarDecl*>& vars_;
};
}  // namespace

bool readsAnyOf(const Stmt* s, const llvm::SmallPtrSetImpl<const VarDecl*>& vars) {
  VarReadFinder f(vars);
  f.TraverseStmt(const_cast<Stmt*>(s));
  return f.found;
}

void collectModifiedVars(const Stmt* s, llvm::SmallPtrSetImpl<const VarDecl*>& out) {
  if (!s) return;
  ModifiedVarCollector c(out);
  c.TraverseStmt(const_cast<Stmt*>(s));
}

std::optional<CarriedUpdate> findCarriedUpdate(const Stmt* body, const VarDecl* var) {
  if (!body) return std::nullopt;
  UpdateCounter counter(var);
  counter.TraverseStmt(const_cast<Stmt*>(body));
  if (counter.count != 1) return std::nullopt;
  // The single update must be an unconditional top-level statement of the body.
  if (const auto* cs = dyn_cast<CompoundStmt>(body)) {
    for (const Stmt* child : cs->body())
      if (const auto* e = dyn_cast<Expr>(child))
        if (auto u = classify(e, var)) return u;
    return std::nullopt;
  }
  if (const auto* e = dyn_cast<Expr>(body)) return classify(e, var);
  return std::nullopt;
}

namespace {
class MemoryReadFinder : public RecursiveASTVisitor<MemoryReadFinder> {
 public:
  bool found = false;
  bool VisitArraySubscriptExpr(ArraySubscriptExpr*) { return !(found = true); }
  bool VisitCallExpr(CallExpr*) { return !(found = true); }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->getOpcode() == UO_Deref) found = true;
    return !found;
  }
  bool VisitMemberExpr(MemberExpr* m) {
    if (m->isArrow()) found = true;
    return !found;
  }
};
}  // namespace

bool readsMemoryOrCalls(const Expr* e) {
  if (!e) return false;
  MemoryReadFinder finder;
  finder.TraverseStmt(const_cast<Expr*>(e));
  return finder.found;
}

namespace {
// Every write of `var` in `body`, when each one is of a kind `accept` takes.
template <typename Accept>
std::optional<std::vector<CarriedUpdate>> findUpdates(const Stmt* body, const VarDecl* var, Accept accept) {
  if (!body) return std::vector<CarriedUpdate>();
  UpdateCounter counter(var);
  counter.TraverseStmt(const_cast<Stmt*>(body));
  std::vector<CarriedUpdate> updates;
  for (const Expr* e : counter.updates) {
    std::optional<CarriedUpdate> u = classify(e, var);
    if (!u || !accept(u->kind)) return std::nullopt;
    updates.push_back(*u);
  }
  return updates;
}
}  // namespace

std::optional<std::vector<CarriedUpdate>> findSteps(const Stmt* body, const VarDecl* var) {
  return findUpdates(body, var, [](CarriedUpdate::Kind k) { return k == CarriedUpdate::AddAmount || k == CarriedUpdate::SubAmount; });
}

namespace {
// The locals a statement declares with a plain variable as their initializer (`float* t = a;`).
class CopiedLocals : public RecursiveASTVisitor<CopiedLocals> {
 public:
  llvm::SmallDenseMap<const VarDecl*, const VarDecl*, 4> from;
  bool VisitVarDecl(VarDecl* v) {
    if (v->isLocalVarDecl() && !v->getType()->isReferenceType() && v->getInit())
      if (const VarDecl* source = referencedVar(v->getInit()->IgnoreParenImpCasts())) from[v] = source;
    return true;
  }
};
}  // namespace

llvm::SmallPtrSet<const VarDecl*, 4> findExchangedVariables(const Stmt* body, const Stmt* inc, llvm::ArrayRef<const VarDecl*> candidates) {
  CopiedLocals copies;
  if (body) copies.TraverseStmt(const_cast<Stmt*>(body));
  llvm::SmallPtrSet<const VarDecl*, 4> set(candidates.begin(), candidates.end());
  // A write's source, when it is a member of the set or a never-written copy of one.
  const auto sourceOf = [&](const Expr* rhs) -> const VarDecl* {
    const auto* ref = dyn_cast<DeclRefExpr>(rhs->IgnoreParenImpCasts());
    const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!v) return nullptr;
    if (set.count(v)) return v;
    const auto copy = copies.from.find(v);
    if (copy == copies.from.end()) return nullptr;
    for (const Stmt* s : {body, inc}) {
      if (!s) continue;
      UpdateCounter counter(v);
      counter.TraverseStmt(const_cast<Stmt*>(s));
      if (counter.count) return nullptr;
    }
    return set.count(copy->second) ? copy->second : nullptr;
  };
  // Drop a member with any other write until none is left to drop; a set of one is no exchange.
  for (bool changed = true; changed;) {
    changed = false;
    for (const VarDecl* v : llvm::SmallVector<const VarDecl*, 4>(set.begin(), set.end())) {
      bool onlyExchanges = true;
      for (const Stmt* s : {body, inc}) {
        if (!s || !onlyExchanges) continue;
        UpdateCounter counter(v);
        counter.TraverseStmt(const_cast<Stmt*>(s));
        for (const Expr* e : counter.updates) {
          const auto* b = dyn_cast<BinaryOperator>(e->IgnoreParens());
          if (!b || b->getOpcode() != BO_Assign || !sourceOf(b->getRHS())) onlyExchanges = false;
        }
      }
      if (!onlyExchanges) {
        set.erase(v);
        changed = true;
      }
    }
  }
  if (set.size() < 2) set.clear();
  return set;
}

namespace {
// Whether `s` reads `var` where its value can reach anything but an instruction's operand.
bool leaksValue(const Stmt* s, const VarDecl* var) {
  if (!s) return false;
  // A call's arguments and an asm statement's operands hand the value to an instruction (the
  // walk follows it into the callee); their results are not uniform for the loop analysis. The
  // variable's own update reads it only to write it back.
  if (isa<CallExpr>(s) || isa<GCCAsmStmt>(s)) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp() && referencedVar(b->getLHS()) == var) return false;
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->isIncrementDecrementOp() && referencedVar(u->getSubExpr()) == var)
    return false;
  if (const auto* ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == var) return true;
  for (const Stmt* child : s->children())
    if (leaksValue(child, var)) return true;
  return false;
}
}  // namespace

bool readOnlyAsOperand(const Stmt* s, const VarDecl* var) { return !leaksValue(s, var); }

std::optional<std::vector<CarriedUpdate>> findToggles(const Stmt* body, const VarDecl* var) {
  return findUpdates(body, var, [](CarriedUpdate::Kind k) { return k == CarriedUpdate::XorAmount; });
}

namespace {
bool isLocalArray(const ValueDecl* d) {
  const auto* v = dyn_cast_or_null<VarDecl>(d);
  return v && v->isLocalVarDecl() && !v->hasAttr<CUDASharedAttr>() && v->getType()->isConstantArrayType();
}

void scanArrayWrites(const Stmt* s, bool written, llvm::SmallPtrSetImpl<const VarDecl*>& out) {
  if (!s) return;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp()) {
    scanArrayWrites(b->getLHS(), true, out);
    scanArrayWrites(b->getRHS(), false, out);
    return;
  }
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf)) {
    scanArrayWrites(u->getSubExpr(), true, out);
    return;
  }
  if (const auto* call = dyn_cast<CallExpr>(s)) {
    // An element bound to a reference parameter may be written through it.
    scanArrayWrites(call->getCallee(), false, out);
    for (const Expr* arg : call->arguments()) scanArrayWrites(arg, arg->IgnoreParens()->isGLValue(), out);
    return;
  }
  if (const auto* as = dyn_cast<GCCAsmStmt>(s)) {
    for (unsigned i = 0; i < as->getNumOutputs(); ++i) scanArrayWrites(as->getOutputExpr(i), true, out);
    for (unsigned i = 0; i < as->getNumInputs(); ++i) scanArrayWrites(as->getInputExpr(i), false, out);
    return;
  }
  if (const auto* sub = dyn_cast<ArraySubscriptExpr>(s)) {
    // A chain of subscripts down to the array is an element, not the array's address.
    const Expr* base = sub;
    while (const auto* inner = dyn_cast<ArraySubscriptExpr>(base)) {
      scanArrayWrites(inner->getIdx(), false, out);
      base = inner->getBase()->IgnoreParenImpCasts();
    }
    if (const auto* ref = dyn_cast<DeclRefExpr>(base); ref && isLocalArray(ref->getDecl())) {
      if (written) out.insert(cast<VarDecl>(ref->getDecl()));
      return;
    }
    scanArrayWrites(base, written, out);
    return;
  }
  if (const auto* ref = dyn_cast<DeclRefExpr>(s)) {
    if (isLocalArray(ref->getDecl())) out.insert(cast<VarDecl>(ref->getDecl()));  // its address escapes
    return;
  }
  if (const auto* e = dyn_cast<Expr>(s); e && (isa<ParenExpr>(e) || isa<ImplicitCastExpr>(e))) {
    for (const Stmt* child : s->children()) scanArrayWrites(child, written, out);
    return;
  }
  for (const Stmt* child : s->children()) scanArrayWrites(child, false, out);
}
}  // namespace

void collectLocalArrayWrites(const Stmt* s, llvm::SmallPtrSetImpl<const VarDecl*>& out) { scanArrayWrites(s, false, out); }

}  // namespace bankcheck::frontend
