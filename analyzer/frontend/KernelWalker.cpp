// Statements and loops: program order, branches (merged with selects), early exits (which turn
// into predicates on what follows), and loops (whose induction and loop-carried variables get
// closed forms in the warp-uniform iteration number).
#include "frontend/KernelWalker.h"
#include "frontend/ObjectWrites.h"

#include <numeric>

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "frontend/LoopAnalysis.h"
#include "frontend/SourceLocations.h"
#include "frontend/WarpUniformity.h"
#include "ir/KnownFactor.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::frontend {

using namespace clang;
using ir::ExprRef;

KernelWalker::KernelWalker(ASTContext& ctx, ir::TranslationUnit& tu, int kernelInstance, TemplateParameterUses& templateParameters,
                           DevicePointerBindings& pointerBindings)
    : ctx_(ctx),
      sm_(ctx.getSourceManager()),
      tu_(tu),
      instance_(kernelInstance),
      templateParameters_(templateParameters),
      pointerBindings_(pointerBindings) {}

int KernelWalker::newSymbol(ir::SymbolKind kind, std::string name, int loop) {
  return kernel().addSymbol(kind, std::move(name), loop);
}

ExprRef KernelWalker::concrete(const ExprRef& e) const {
  const auto& symbols = tu_.kernels[static_cast<size_t>(instance_)].symbols;
  return ir::substituteSymbols(e, [&](int id) -> ExprRef {
    const ir::Symbol& s = symbols[static_cast<size_t>(id)];
    return s.kind == ir::SymbolKind::ArrayStride ? ir::makeConst(s.value, ir::IntType::int64()) : nullptr;
  });
}

SymbolicValue* KernelWalker::lookup(const ValueDecl* d) {
  // Inner frames first; a variable of an outer frame is only reachable from an inner one as a
  // lambda capture, which sees the same value.
  for (auto f = frames_.rbegin(); f != frames_.rend(); ++f) {
    auto it = f->env.find(d);
    if (it != f->env.end()) return &it->second;
  }
  return nullptr;
}

SymbolicValue KernelWalker::uniformIfUnknown(const VarDecl* var, SymbolicValue value, const Expr* source) {
  if (value.kind != SymbolicValue::Kind::Int || !value.expr) return value;
  const ir::Expr* u = ir::findUnknown(value.expr);
  if (!u || !source || !isWarpUniform(source, [&](const VarDecl* x) { return holdsWarpUniform(x); }, ctx_)) return value;
  // Set in a loop, it may differ from one iteration to the next: the symbol changes with the loop.
  const std::string what = "'" + var->getNameAsString() + "' (warp-uniform, not computed: " + u->text + ")";
  return SymbolicValue::integer(
      ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, loops_.empty() ? -1 : loops_.back()), what, value.expr->type));
}

bool KernelWalker::holdsWarpUniform(const VarDecl* v) {
  // A kernel parameter passed by value that the kernel never writes: one value for the grid.
  if (const auto* param = dyn_cast<ParmVarDecl>(v); param && !param->getType()->isIntegralOrEnumerationType() &&
                                                      param->getDeclContext() == (frames_.empty() ? nullptr : frames_.front().function))
    return unwrittenKernelParameter(param);
  const SymbolicValue* value = lookup(v);
  // An integer, or a pointer whose offset is (a load through it reads one address in every lane).
  if (!value || !(value->kind == SymbolicValue::Kind::Int || value->isTrackedPointer())) return false;
  return ir::laneIndependent(value->expr);
}

bool KernelWalker::unwrittenKernelParameter(const ParmVarDecl* param) {
  const FunctionDecl* kernelDecl = frames_.empty() ? nullptr : frames_.front().function;
  if (!kernelDecl || param->getDeclContext() != kernelDecl) return false;
  auto [written, fresh] = parameterWritten_.try_emplace(param, false);
  if (fresh) written->second = writesParameter(kernelDecl, param);
  return !written->second;
}

void KernelWalker::walkKernel(const FunctionDecl* kernelDecl) {
  frames_.clear();
  // Room for the deepest inlining from the start: values found in a frame (lookup()) stay where
  // they are while calls are inlined below them.
  frames_.reserve(kMaxInlineDepth + 1);
  frames_.emplace_back();
  frame().function = kernelDecl;
  staticShared_ = StaticSharedVariables::of(kernelDecl);
  for (const ParmVarDecl* p : kernelDecl->parameters()) {
    QualType t = p->getType().getCanonicalType();
    if (t->isIntegralOrEnumerationType()) {
      int id = newSymbol(ir::SymbolKind::KernelParam, p->getNameAsString());
      frame().env[p] = SymbolicValue::integer(ir::makeSymbol(id, p->getNameAsString(), intTypeOf(t)));
    } else if (t->isPointerType()) {
      frame().env[p] = SymbolicValue::globalPtr(p->getNameAsString(), ir::makeConst(0, ir::IntType::int64()), t->getPointeeType());
    } else {
      frame().env[p] = SymbolicValue::other("parameter '" + p->getNameAsString() + "'");
    }
  }
  walkStmt(kernelDecl->getBody());
  frames_.clear();
  reportUntrackedArrays();
  reportArraysStoredInObjects(kernelDecl);
}

// A shared array the kernel uses but none of whose accesses were recorded: its address went
// where the walker does not follow it (into an object such as a CuTe tensor, an untracked
// pointer). Say so, rather than let the kernel look clean.
void KernelWalker::reportUntrackedArrays() {
  // Code of this kernel already listed as not walked explains the missing accesses.
  for (const ir::Unanalyzed& u : tu_.unanalyzed)
    if (u.kernel == kernel().name) return;
  llvm::DenseSet<int> reachedIds;
  for (int id : reachedThroughPointers_)
    for (int a = id; a >= 0; a = tu_.array(a).carvedFrom) reachedIds.insert(a);
  for (const auto& [vd, id] : arrays_) {
    if ((!reachedArrays_.count(vd) && !reachedIds.count(id)) || tu_.hasAccessTo(instance_, id)) continue;
    // Objects of an empty class (CUB's warp TempStorage) hold no bytes to access.
    const QualType element = vd->getType()->isArrayType() ? QualType(vd->getType()->getBaseElementTypeUnsafe(), 0) : vd->getType();
    if (isEmptyObject(element)) continue;
    ir::Unanalyzed u;
    u.loc = locOf(vd->getLocation());
    u.kernel = kernel().name;
    u.what = "shared array '" + vd->getNameAsString() + "'";
    const std::string& untracked = tu_.array(id).untrackedAccess;
    u.reason = "it is used, but none of its accesses could be followed: " +
               (untracked.empty() ? std::string("its address is stored in an object or passed where the analysis does not track it")
                                  : untracked) +
               ", so its accesses are not computed";
    tu_.unanalyzed.push_back(std::move(u));
  }
}

namespace {
// The name an expression's address comes from (`s`, `&s[i][0]`, `s + 16`, `p`, a cast of one), or null.
const DeclRefExpr* pointedName(const Expr* e) {
  for (int guard = 0; e && guard < 16; ++guard) {
    e = e->IgnoreParenCasts();
    if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref;
    if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) e = u->getSubExpr();
    else if (const auto* sub = dyn_cast<ArraySubscriptExpr>(e)) e = sub->getBase();
    else if (const auto* b = dyn_cast<BinaryOperator>(e); b && b->isAdditiveOp()) e = b->getLHS()->getType()->isPointerType() ? b->getLHS() : b->getRHS();
    else return nullptr;
  }
  return nullptr;
}

// The shared array an expression points into, or null.
const VarDecl* pointedArray(const Expr* e) {
  const DeclRefExpr* ref = pointedName(e);
  return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
}
}  // namespace

void KernelWalker::noteBinding(const Expr* init) {
  if (const DeclRefExpr* ref = pointedName(init)) bindingRefs_.insert(ref);
}

void KernelWalker::noteReached(const DeclRefExpr* ref, const VarDecl* var, const SymbolicValue* value) {
  if (bindingRefs_.count(ref)) return;
  if (!value) {
    if (var->hasAttr<CUDASharedAttr>()) reachedArrays_.insert(var);
    return;
  }
  if (value->array >= 0 && value->kind != SymbolicValue::Kind::Int && value->kind != SymbolicValue::Kind::GlobalPtr)
    reachedThroughPointers_.insert(value->array);
}

namespace {

// Places in a kernel's body where a shared array's address is stored into an object: a
// constructor argument, a brace-initialized aggregate, an assignment to a member.
class ObjectStoreFinder : public RecursiveASTVisitor<ObjectStoreFinder> {
 public:
  std::vector<std::pair<const VarDecl*, SourceLocation>> found;
  bool VisitCXXConstructExpr(CXXConstructExpr* e) {
    for (const Expr* arg : e->arguments()) note(arg);
    return true;
  }
  bool VisitInitListExpr(InitListExpr* e) {
    if (e->getType()->isRecordType())
      for (const Expr* init : e->inits()) noteInitializer(init);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->getOpcode() == BO_Assign && isa<MemberExpr>(throughMemberArrayElements(b->getLHS()))) note(b->getRHS());
    return true;
  }

 private:
  // A field that is an array of pointers (`struct { float* b[2]; } x{{s, s + 64}}`, `x.b[1] = s`)
  // holds each element.
  void noteInitializer(const Expr* e) {
    if (const auto* list = dyn_cast<InitListExpr>(e->IgnoreParenImpCasts()); list && list->getType()->isArrayType()) {
      for (const Expr* init : list->inits()) noteInitializer(init);
      return;
    }
    note(e);
  }
  void note(const Expr* e) {
    // The syntactic form of a brace initializer keeps the array before its decay to a pointer.
    if (!e || !(e->getType()->isPointerType() || e->getType()->isArrayType())) return;
    if (const VarDecl* vd = pointedArray(e)) found.push_back({vd, e->getBeginLoc()});
  }
};
}  // namespace

// An array some of whose accesses the walker followed, but whose address also went into an
// object (`View v{s}; v[i] = ...`): the accesses through the object are not computed, and the
// array must not look fully analyzed. (An array with no access followed at all is lowered to
// LLVM IR instead, UnwalkedCodeLowering.)
void KernelWalker::reportArraysStoredInObjects(const FunctionDecl* kernelDecl) {
  ObjectStoreFinder finder;
  finder.TraverseStmt(const_cast<Stmt*>(kernelDecl->getBody()));
  llvm::SmallPtrSet<const VarDecl*, 4> reported;
  for (const auto& [vd, at] : finder.found) {
    auto it = arrays_.find(vd);
    // An address the walk put into the fields of a local object it follows: accesses through the
    // object are computed, and one the walk stops following is reported where it is made.
    if (followedStores_.count(at.getRawEncoding())) continue;
    if (it == arrays_.end() || !reported.insert(vd).second) continue;
    if (!tu_.hasAccessTo(instance_, it->second)) continue;  // reported (and lowered) as an untracked array
    // Those accesses would not move with a layout change: none is proposed.
    noteUntrackedAccess(it->second, "its address is stored in an object at line " + std::to_string(locOf(at).line) +
                                        ", and the accesses through that object are not followed");
    ir::Unanalyzed u;
    u.loc = locOf(at);
    u.kernel = kernel().name;
    u.what = "accesses to shared array '" + vd->getNameAsString() + "' through an object";
    u.reason = "its address is stored in an object here; the accesses through that object are not computed (the "
               "array's other accesses are)";
    tu_.unanalyzed.push_back(std::move(u));
  }
}

void KernelWalker::pushPredicate(ExprRef cond, const Stmt* at) {
  cond = concrete(cond);
  ir::Predicate p;
  p.loc = locOf(at->getBeginLoc());
  if (const ir::Expr* u = ir::findUnknown(cond)) {
    // A condition the mapper cannot evaluate per lane is assumed true, and the assumption is
    // reported with every access it guards.
    assumptions_.push_back(assumptionText(p.loc, u->text));
    predicates_.push_back(ir::Predicate{nullptr, p.loc});
    return;
  }
  p.condition = std::move(cond);
  predicates_.push_back(std::move(p));
}

std::string KernelWalker::assumptionText(const ir::SourceLoc& loc, const std::string& why) {
  return "condition at line " + std::to_string(loc.line) + " assumed true: " + why;
}

void KernelWalker::popPredicates(size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!predicates_.back().condition) assumptions_.pop_back();
    predicates_.pop_back();
  }
}

bool KernelWalker::walkStmt(const Stmt* s) {
  size_t pushed = 0;
  bool falls = walkInSequence(s, pushed);
  popPredicates(pushed);
  return falls;
}

bool KernelWalker::walkCompound(const CompoundStmt* cs) {
  size_t pushed = 0;
  bool falls = true;
  for (const Stmt* child : cs->body()) {
    if (!walkInSequence(child, pushed)) {
      falls = false;
      break;  // what follows is unreachable on this path
    }
  }
  popPredicates(pushed);
  return falls;
}

bool KernelWalker::walkInSequence(const Stmt* s, size_t& pushed) {
  if (!s) return true;
  if (const auto* cs = dyn_cast<CompoundStmt>(s)) return walkCompound(cs);
  if (const auto* ifs = dyn_cast<IfStmt>(s)) return walkIf(ifs, pushed);
  if (const auto* ds = dyn_cast<DeclStmt>(s)) {
    for (const Decl* d : ds->decls())
      if (const auto* vd = dyn_cast<VarDecl>(d)) {
        walkDecl(vd);
        // A tuple-like structured binding holds each part in a variable of its own (`get<i>(...)`).
        if (const auto* decomposition = dyn_cast<DecompositionDecl>(vd))
          for (const BindingDecl* b : decomposition->bindings())
            if (const VarDecl* holding = b->getHoldingVar()) walkDecl(holding);
      }
    return true;
  }
  if (const auto* as = dyn_cast<AttributedStmt>(s)) {
    const LoopHintAttr* hint = nullptr;
    for (const Attr* a : as->getAttrs())
      if (const auto* h = dyn_cast<LoopHintAttr>(a)) hint = h;
    const Stmt* sub = as->getSubStmt();
    if (const auto* f = dyn_cast<ForStmt>(sub)) return walkFor(f, hint);
    if (const auto* w = dyn_cast<WhileStmt>(sub)) return walkWhile(w, w->getCond(), w->getBody(), hint);
    if (const auto* d = dyn_cast<DoStmt>(sub)) return walkWhile(d, d->getCond(), d->getBody(), hint);
    if (const auto* r = dyn_cast<CXXForRangeStmt>(sub)) return walkRangeFor(r, hint);
    return walkInSequence(sub, pushed);
  }
  if (const auto* f = dyn_cast<ForStmt>(s)) return walkFor(f, nullptr);
  if (const auto* w = dyn_cast<WhileStmt>(s)) {
    if (w->getConditionVariableDeclStmt()) walkStmt(w->getConditionVariableDeclStmt());
    return walkWhile(w, w->getCond(), w->getBody(), nullptr);
  }
  if (const auto* d = dyn_cast<DoStmt>(s)) return walkWhile(d, d->getCond(), d->getBody(), nullptr);
  if (const auto* r = dyn_cast<ReturnStmt>(s)) return walkReturn(r);
  if (isa<ContinueStmt>(s)) return false;
  if (isa<BreakStmt>(s)) {
    // A break out of a switch (no loop entered since the switch) ends its case, not a loop.
    const bool endsCase = !switchLoopDepths_.empty() && switchLoopDepths_.back() == loops_.size();
    if (!loops_.empty() && !endsCase)
      assumptions_.push_back("the loop may exit early (break at line " +
                             std::to_string(locOf(s->getBeginLoc()).line) +
                             "); its later iterations are assumed to run");
    return false;
  }
  if (const auto* e = dyn_cast<Expr>(s)) {
    eval(e);
    return true;
  }
  if (const auto* a = dyn_cast<GCCAsmStmt>(s)) {
    ++barrierEpoch_;  // inline PTX may synchronize: no merge of accesses across it
    walkAsm(a);
    return true;
  }
  if (const auto* sw = dyn_cast<SwitchStmt>(s)) {
    if (sw->getInit()) walkStmt(sw->getInit());
    ExprRef cond = evalCondition(sw->getCond());
    (void)cond;
    assumptions_.push_back("inside the switch at line " +
                           std::to_string(locOf(sw->getBeginLoc()).line) +
                           ": every case is assumed to run");
    invalidateModifiedVars(sw->getBody(), "assigned inside the switch at line " +
                                              std::to_string(locOf(sw->getBeginLoc()).line));
    // Every case label is an entry: the walk goes on at the next label after a case that ends
    // in a break (or return), and what a case assumed (`if (...) return;`) ends with it.
    switchLoopDepths_.push_back(loops_.size());
    if (const auto* body = dyn_cast<CompoundStmt>(sw->getBody())) {
      size_t pushed = 0;
      bool reachable = true;
      for (const Stmt* child : body->body()) {
        if (isa<SwitchCase>(child)) {
          popPredicates(pushed);
          pushed = 0;
          reachable = true;
        }
        if (reachable && !walkInSequence(child, pushed)) reachable = false;
      }
      popPredicates(pushed);
    } else {
      walkStmt(sw->getBody());
    }
    switchLoopDepths_.pop_back();
    assumptions_.pop_back();
    invalidateModifiedVars(sw->getBody(), "assigned inside the switch at line " +
                                              std::to_string(locOf(sw->getBeginLoc()).line));
    return true;
  }
  if (const auto* cs = dyn_cast<SwitchCase>(s)) return walkInSequence(cs->getSubStmt(), pushed);
  if (const auto* ls = dyn_cast<LabelStmt>(s)) return walkInSequence(ls->getSubStmt(), pushed);
  if (isa<NullStmt>(s)) return true;
  if (const auto* range = dyn_cast<CXXForRangeStmt>(s)) return walkRangeFor(range, nullptr);
  // Anything else: still look inside for accesses.
  for (const Stmt* child : s->children()) walkStmt(child);
  return true;
}

namespace {
// Two branch results for one variable, merged as `cond ? a : b`.
SymbolicValue mergeValues(const ExprRef& cond, const SymbolicValue& a, const SymbolicValue& b,
                          const std::string& name, unsigned line) {
  // Objects whose fields are followed: field by field, those followed on both sides.
  if (a.kind == SymbolicValue::Kind::Other && b.kind == SymbolicValue::Kind::Other && (a.fields || b.fields) && a.fields != b.fields) {
    if (!a.fields || !b.fields)
      return SymbolicValue::lost(a.fields ? a : b, "'" + name + "' is changed in one branch at line " + std::to_string(line));
    auto fields = std::make_shared<FieldValues>();
    for (const auto& [field, value] : a.fields->values)
      if (const SymbolicValue* other = b.fields->find(field)) fields->values.emplace_back(field, mergeValues(cond, value, *other, name + "." + field->getNameAsString(), line));
    SymbolicValue m = a;
    m.fields = std::move(fields);
    return m;
  }
  if (a.kind == b.kind && a.expr == b.expr && a.array == b.array) return a;
  if (a.kind == SymbolicValue::Kind::Int && b.kind == SymbolicValue::Kind::Int)
    return SymbolicValue::integer(ir::makeSelect(cond, a.expr, b.expr, a.expr->type));
  if ((a.kind == SymbolicValue::Kind::SharedPtr || a.kind == SymbolicValue::Kind::SharedAddr) &&
      a.kind == b.kind && a.array == b.array) {
    SymbolicValue m = a;
    m.expr = ir::makeSelect(cond, a.expr, b.expr, ir::IntType::int64());
    m.pieces = a.pieces.merged(cond, b.pieces);
    return m;
  }
  // One side no longer followed (a method changed the field there): its reason says why.
  const bool oneLost = (a.kind == SymbolicValue::Kind::Other) != (b.kind == SymbolicValue::Kind::Other);
  const SymbolicValue& lostSide = a.kind == SymbolicValue::Kind::Other ? a : b;
  if (oneLost && !lostSide.reason.empty() && lostSide.array >= 0)
    return SymbolicValue::lost(a.kind == SymbolicValue::Kind::Other ? b : a,
                               "'" + name + "' is changed in one branch at line " + std::to_string(line) + " (" + lostSide.reason + ")");
  return SymbolicValue::lost(a.kind == SymbolicValue::Kind::Other ? b : a,
                             "'" + name + "' holds different kinds of values after the branch at line " + std::to_string(line));
}
}  // namespace

bool KernelWalker::walkIf(const IfStmt* s, size_t& pushed) {
  if (s->getInit()) walkStmt(s->getInit());
  if (const DeclStmt* cv = s->getConditionVariableDeclStmt()) walkStmt(cv);
  ExprRef cond = evalCondition(s->getCond());
  int64_t constant = 0;
  if (ir::isConst(cond, &constant)) {
    // Decided at compile time (template arguments, constexpr): only one branch exists.
    if (constant) return walkStmt(s->getThen());
    return s->getElse() ? walkStmt(s->getElse()) : true;
  }
  const ExprRef notCond = ir::makeUnary(ir::UnaryOp::LogicalNot, cond, ir::IntType::boolean());
  // A condition not computed but alike in every lane picks one side for the whole warp: a variable
  // the branch sets to warp-uniform values stays warp-uniform.
  const bool uniformCondition = ir::findUnknown(cond) && isWarpUniform(s->getCond(), [&](const VarDecl* x) { return holdsWarpUniform(x); }, ctx_);
  const auto merged = [&](const ValueDecl* decl, const SymbolicValue& a, const SymbolicValue& b, unsigned line) {
    SymbolicValue m = mergeValues(cond, a, b, decl->getNameAsString(), line);
    const auto uniform = [](const SymbolicValue& x) { return x.kind == SymbolicValue::Kind::Int && ir::laneIndependent(x.expr); };
    if (uniformCondition && m.kind == SymbolicValue::Kind::Int && uniform(a) && uniform(b) && ir::findUnknown(m.expr)) {
      const std::string what = "'" + decl->getNameAsString() + "' (warp-uniform: chosen by the condition at line " + std::to_string(line) + ")";
      m = SymbolicValue::integer(
          ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, loops_.empty() ? -1 : loops_.back()), what, m.expr->type));
    }
    return m;
  };
  // The environment before the branch is copied once: without an `else` it is also the
  // environment after the (empty) else side.
  auto before = frame().env;

  pushPredicate(cond, s->getCond());
  const bool thenFalls = walkStmt(s->getThen());
  popPredicates(1);
  auto thenEnv = std::move(frame().env);

  bool elseFalls = true;
  decltype(thenEnv) elseEnv;
  if (s->getElse()) {
    frame().env = before;
    pushPredicate(notCond, s->getCond());
    elseFalls = walkStmt(s->getElse());
    popPredicates(1);
    elseEnv = std::move(frame().env);
  }

  if (!thenFalls && !elseFalls) {
    frame().env = std::move(before);
    return false;
  }
  if (!thenFalls || !elseFalls) {
    // An early exit on one side: the rest of the block runs only where the other side ran.
    frame().env = thenFalls ? std::move(thenEnv) : s->getElse() ? std::move(elseEnv) : std::move(before);
    pushPredicate(thenFalls ? cond : notCond, s->getCond());
    ++pushed;
    return true;
  }
  const unsigned line = locOf(s->getBeginLoc()).line;
  frame().env = std::move(before);
  for (auto& [decl, value] : frame().env) {
    auto t = thenEnv.find(decl);
    if (t == thenEnv.end()) continue;
    if (!s->getElse()) {
      value = merged(decl, t->second, value, line);
      continue;
    }
    auto e = elseEnv.find(decl);
    if (e != elseEnv.end()) value = merged(decl, t->second, e->second, line);
  }
  return true;
}

void KernelWalker::collectWrittenVariables(const Stmt* s, llvm::SmallPtrSetImpl<const VarDecl*>& out) {
  llvm::SmallPtrSet<const VarDecl*, 16> written;
  collectModifiedVars(s, written);
  // A reference bound into shared memory (`float& r = S[i]; r += x;`, a `float (&tile)[32][32]`
  // parameter) is written through, never rebound: its binding is not something `s` changes.
  for (const VarDecl* v : written) {
    if (const SymbolicValue* cur = lookup(v); !(cur && v->getType()->isReferenceType() && cur->isSharedPointer()))
      out.insert(v);
    // A write through a reference to a local writes that local.
    if (const auto alias = frame().aliases.find(v); alias != frame().aliases.end())
      if (const auto* target = dyn_cast_or_null<VarDecl>(alias->second.var)) out.insert(target);
  }
}

void KernelWalker::invalidateModifiedVars(const Stmt* s, const std::string& why) {
  llvm::SmallPtrSet<const VarDecl*, 16> modified;
  collectWrittenVariables(s, modified);
  for (const VarDecl* v : modified) {
    SymbolicValue* cur = lookup(v);
    if (!cur) continue;
    std::string reason = "'" + v->getNameAsString() + "' is " + why;
    if (v->getType()->isIntegralOrEnumerationType())
      *cur = SymbolicValue::integer(ir::makeUnknown(reason, intTypeOf(v->getType())));
    else if (cur->kind == SymbolicValue::Kind::Other && cur->fields)
      loseWrites(*cur, v, s, nullptr, reason);  // an object holding a shared pointer stays tied to its array
    else
      *cur = SymbolicValue::other(reason);
  }
  loseThisWrites(s, nullptr, "a field of the object is " + why);
}

namespace {
// What `find` says `scope` and `scope2` (may be null) write together: nullopt when either writes
// the whole object.
std::optional<FieldSet> fieldsWrittenInEither(const Stmt* scope, const Stmt* scope2,
                                              llvm::function_ref<std::optional<FieldSet>(const Stmt*)> find) {
  std::optional<FieldSet> written = find(scope);
  if (written && scope2) {
    if (std::optional<FieldSet> more = find(scope2)) written->insert(more->begin(), more->end());
    else written.reset();
  }
  return written;
}
}  // namespace

void KernelWalker::loseThisWrites(const Stmt* scope, const Stmt* scope2, const std::string& why) {
  const VarDecl* self = followedThis();
  SymbolicValue* cur = self ? lookup(self) : nullptr;
  if (!cur || !cur->fields) return;
  const std::optional<FieldSet> written = fieldsWrittenInEither(scope, scope2, thisFieldsWrittenIn);
  if (written && written->empty()) return;
  *cur = written ? withFieldsLost(*cur, *written, why) : SymbolicValue::lost(*cur, why);
}

void KernelWalker::loseWrites(SymbolicValue& cur, const VarDecl* var, const Stmt* scope, const Stmt* scope2, const std::string& why) {
  if (cur.kind == SymbolicValue::Kind::Other && cur.fields)
    if (const std::optional<FieldSet> written =
            fieldsWrittenInEither(scope, scope2, [var](const Stmt* s) { return fieldsWrittenIn(s, var); })) {
      cur = withFieldsLost(cur, *written, why);
      return;
    }
  cur = SymbolicValue::lost(cur, why);
}

bool KernelWalker::walkFor(const ForStmt* s, const LoopHintAttr* hint) {
  if (s->getInit()) walkStmt(s->getInit());
  if (const DeclStmt* cv = s->getConditionVariableDeclStmt()) walkStmt(cv);

  // The increment may step several variables (`a += aStep, b += bStep`): the one the condition
  // reads is the induction variable, the others are updates at the end of each iteration.
  std::vector<InductionStep> steps = findInductionSteps(s->getInc());
  llvm::SmallPtrSet<const VarDecl*, 16> modifiedInBody;
  collectModifiedVars(s->getBody(), modifiedInBody);
  std::optional<InductionStep> step;
  std::vector<InductionStep> others;
  for (const InductionStep& st : steps) {
    if (modifiedInBody.count(st.var) || !lookup(st.var)) {
      step.reset();
      others.clear();
      break;
    }
    llvm::SmallPtrSet<const VarDecl*, 1> one;
    one.insert(st.var);
    if (!step && (steps.size() == 1 || (s->getCond() && readsAnyOf(s->getCond(), one)))) step = st;
    else others.push_back(st);
  }
  if (!step) others.clear();

  return walkLoop(s, step ? step->var : nullptr, step ? &*step : nullptr, s->getCond(),
                  s->getBody(), s->getInc(), hint, nullptr, others.empty() ? nullptr : &others);
}

bool KernelWalker::walkWhile(const Stmt* loop, const Expr* cond, const Stmt* body,
                             const LoopHintAttr* hint) {
  return walkLoop(loop, nullptr, nullptr, cond, body, nullptr, hint);
}

// The integer elements of a braced list or of a constant array a range-based for runs over.
static const InitListExpr* listOfRange(const CXXForRangeStmt* s) {
  const Expr* e = s->getRangeInit();
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* fe = dyn_cast<FullExpr>(e)) { e = fe->getSubExpr(); continue; }
    if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e)) { e = mt->getSubExpr(); continue; }
    if (const auto* il = dyn_cast<CXXStdInitializerListExpr>(e)) { e = il->getSubExpr(); continue; }
    if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
      const auto* vd = dyn_cast<VarDecl>(dre->getDecl());
      if (vd && (vd->getType().isConstQualified() || vd->isConstexpr()) && vd->getInit()) { e = vd->getInit(); continue; }
      return nullptr;
    }
    break;
  }
  return dyn_cast_or_null<InitListExpr>(e);
}

// `v <<= a`, `v >>= a`, `v *= 2^k`, `v /= 2^k` carried across iterations: v0 shifted by
// a * iter. False when the update has no such closed form.
bool KernelWalker::closedGeometric(const CarriedUpdate& up, SymbolicValue& cur, const ExprRef& iter) {
  const ir::IntType t = cur.expr->type;
  const ExprRef it = ir::makeCast(iter, t);
  ExprRef amount = up.amount ? eval(up.amount).asInt(t) : ir::makeConst(1, t);
  bool left = true;
  switch (up.kind) {
    case CarriedUpdate::ShlAmount: break;
    case CarriedUpdate::ShrAmount: left = false; break;
    case CarriedUpdate::MulAmount:
    case CarriedUpdate::DivAmount: {
      int64_t a = 0;
      if (!ir::isConst(amount, &a) || a <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(a))) return false;
      amount = ir::makeConst(static_cast<int64_t>(llvm::Log2_64(static_cast<uint64_t>(a))), t);
      left = up.kind == CarriedUpdate::MulAmount;
      break;
    }
    default: return false;
  }
  const ExprRef shift = ir::makeBinary(ir::BinaryOp::Mul, it, amount, t);
  cur.expr = ir::makeBinary(left ? ir::BinaryOp::Shl : ir::BinaryOp::Shr, cur.expr, shift, t);
  return true;
}

bool KernelWalker::walkRangeOverArray(const CXXForRangeStmt* s, const LoopHintAttr* hint, std::string& why) {
  const VarDecl* var = s->getLoopVariable();
  const Expr* range = s->getRangeInit();
  if (!var || !range || range->isValueDependent()) return false;
  const ConstantArrayType* array = ctx_.getAsConstantArrayType(range->getType().getNonReferenceType());
  if (!array || array->getSize().isZero() || array->getSize().getActiveBits() > 20) return false;
  const int64_t count = static_cast<int64_t>(array->getSize().getZExtValue());
  const QualType element = array->getElementType();

  // A local array of integers whose elements are followed (`int offs[4] = {...}; for (int o : offs)`):
  // a list of its values, read without taking its address.
  if (const auto* ref = dyn_cast<DeclRefExpr>(range->IgnoreParenImpCasts()))
    if (LocalArrayContents::Array* a = localArrays_.find(ref->getDecl())) {
      const QualType vt = var->getType();
      if (a->dims.size() != 1 || !vt.getNonReferenceType()->isIntegralOrEnumerationType() ||
          (vt->isReferenceType() && !vt.getNonReferenceType().isConstQualified())) {
        why = "it runs over the local array '" + a->name + "' by non-const reference or by rows";
        return false;
      }
      ListLoop l;
      l.var = var;
      const ir::IntType t = intTypeOf(vt.getNonReferenceType());
      for (int64_t k = 0; k < count; ++k) {
        std::optional<SymbolicValue> v = localArrays_.read(*a, LocalArrayContents::indicesOf(*a, k), why);
        if (!v) return false;
        l.values.push_back(v->asInt(t));
      }
      return walkLoop(s, nullptr, nullptr, nullptr, s->getBody(), nullptr, hint, &l);
    }

  // A shared array (or a row of one): the iterator clang declares, `__begin`, points at element i
  // in iteration i; the loop variable is declared from it at the top of each iteration
  // (`auto& row = *__begin`, `float v = *__begin`: a load), as C++ defines the statement.
  const auto* beginStmt = dyn_cast_or_null<DeclStmt>(s->getBeginStmt());
  const auto* begin = beginStmt && beginStmt->isSingleDecl() ? dyn_cast<VarDecl>(beginStmt->getSingleDecl()) : nullptr;
  if (!begin || !begin->getType()->isPointerType() || !s->getLoopVarStmt()) return false;
  LValue lv = evalLValue(range);
  if (lv.kind != LValue::Kind::Shared) {
    // An array outside shared memory whose elements are not followed (`float vals[4]`): the loop
    // runs `count` times all the same; only what its variable holds is not known.
    ListLoop l;
    l.var = var;
    l.count = count;
    const std::string what = "element of " + (lv.reason.empty() ? std::string("an array") : lv.reason) +
                             " that a range-based for loop runs over (its elements are not followed)";
    l.unfollowed = var->getType()->isIntegralOrEnumerationType() ? SymbolicValue::integer(ir::makeUnknown(what, intTypeOf(var->getType())))
                                                                 : SymbolicValue::other(what);
    return walkLoop(s, nullptr, nullptr, nullptr, s->getBody(), nullptr, hint, &l);
  }
  ListLoop l;
  l.pointer = begin;
  l.first = lv.address(element);
  l.count = count;
  Stmt* parts[] = {const_cast<Stmt*>(static_cast<const Stmt*>(s->getLoopVarStmt())), const_cast<Stmt*>(s->getBody())};
  CompoundStmt* body = CompoundStmt::Create(ctx_, parts, FPOptionsOverride(), s->getBeginLoc(), s->getEndLoc());
  return walkLoop(s, nullptr, nullptr, nullptr, body, nullptr, hint, &l);
}

bool KernelWalker::walkRangeFor(const CXXForRangeStmt* s, const LoopHintAttr* hint) {
  const VarDecl* var = s->getLoopVariable();
  const InitListExpr* list = listOfRange(s);
  std::string why;
  if (!list && walkRangeOverArray(s, hint, why)) return true;
  if (!var || !list || list->getNumInits() == 0 || !var->getType().getNonReferenceType()->isIntegralOrEnumerationType()) {
    invalidateModifiedVars(s->getBody(), "modified inside a range-based for loop");
    if (var) frame().env[var] = SymbolicValue::other("element of a range-based for loop");
    const size_t accessesBefore = tu_.accesses.size();
    walkStmt(s->getBody());
    // Named where shared memory is accessed inside (a grid-stride loop over a class's iterators
    // that only moves global data has nothing here to compute).
    if (tu_.accesses.size() > accessesBefore)
      noteUnanalyzed(s, "range-based for loop",
                     (why.empty() ? std::string("it runs over something other than a list of integers or an array of known size")
                                  : why) +
                         "; accesses inside use unknown loop values");
    return true;
  }
  ListLoop l;
  l.var = var;
  const ir::IntType t = intTypeOf(var->getType().getNonReferenceType());
  for (const Expr* init : list->inits()) l.values.push_back(eval(init).asInt(t));
  return walkLoop(s, nullptr, nullptr, nullptr, s->getBody(), nullptr, hint, &l);
}

std::optional<int64_t> KernelWalker::constantTripCount(const ExprRef& condition, const ExprRef& iter, int iterSymbol) {
  // Enough for the copy and unrolled tile loops whose counters are read after them.
  constexpr int64_t kMaxTrips = 4096;
  for (int64_t n = 0; n <= kMaxTrips; ++n) {
    int64_t holds = 0;
    if (!ir::isConst(ir::substituteSymbol(condition, iterSymbol, ir::makeConst(n, iter->type)), &holds)) return std::nullopt;
    if (!holds) return n;
  }
  return std::nullopt;
}

bool KernelWalker::foldsButFor(const Expr* e, const VarDecl* inductionVar) const {
  if (!e) return false;
  e = e->IgnoreParenImpCasts();
  if (const auto* ref = dyn_cast<DeclRefExpr>(e); ref && ref->getDecl() == inductionVar) return true;
  if (!e->isValueDependent() && e->isIntegerConstantExpr(ctx_)) return true;
  if (const auto* b = dyn_cast<BinaryOperator>(e)) return foldsButFor(b->getLHS(), inductionVar) && foldsButFor(b->getRHS(), inductionVar);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) return foldsButFor(u->getSubExpr(), inductionVar);
  if (const auto* c = dyn_cast<CastExpr>(e)) return foldsButFor(c->getSubExpr(), inductionVar);
  return false;
}

bool KernelWalker::walkLoop(const Stmt* loopStmt, const VarDecl* inductionVar,
                            const InductionStep* step, const Expr* condExpr, const Stmt* body,
                            const Expr* inc, const LoopHintAttr* hint, const ListLoop* list,
                            const std::vector<InductionStep>* incSteps) {
  ir::Loop loop;
  loop.id = static_cast<int>(kernel().loops.size());
  loop.parent = loops_.empty() ? -1 : loops_.back();
  loop.loc = locOf(loopStmt->getBeginLoc());
  if (hint) {
    if (hint->getOption() == LoopHintAttr::UnrollCount) {
      llvm::APSInt n;
      if (hint->getValue() && hint->getValue()->isIntegerConstantExpr(ctx_)) {
        auto v = hint->getValue()->getIntegerConstantExpr(ctx_);
        loop.unroll = v ? static_cast<unsigned>(v->getZExtValue()) : 0;
      }
      loop.unrollDisabled = loop.unroll == 1;
    } else if (hint->getOption() == LoopHintAttr::Unroll) {
      loop.unrollDisabled = hint->getState() == LoopHintAttr::Disable;
      loop.unroll = loop.unrollDisabled ? 0 : 1;
    }
  }
  // nvcc unrolls a loop whole, each copy with its constants, only if its start, bound and step
  // are compile-time constants (a variable declared in the `for` itself).
  if (list) {
    loop.compileTimeTrips = true;
  } else if (const auto* f = dyn_cast<ForStmt>(loopStmt); f && inductionVar && step && !incSteps && condExpr && inc) {
    bool declaredHere = false;
    if (const auto* decls = dyn_cast_or_null<DeclStmt>(f->getInit()))
      for (const Decl* d : decls->decls()) declaredHere |= d == inductionVar;
    loop.compileTimeTrips = declaredHere && foldsButFor(inductionVar->getInit(), inductionVar) && foldsButFor(condExpr, inductionVar) &&
                            foldsButFor(dyn_cast<Expr>(inc), inductionVar);
  }
  const std::string line = std::to_string(loop.loc.line);
  loop.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, "iter" + line + "_" + std::to_string(loop.id), loop.id);
  const ExprRef iter = ir::makeSymbol(loop.iterSymbol, kernel().symbols.back().name, ir::IntType::int32());

  llvm::SmallPtrSet<const VarDecl*, 16> modified;
  collectWrittenVariables(body, modified);
  if (inc) collectWrittenVariables(inc, modified);

  // The induction variable in closed form.
  if (inductionVar && step) {
    const ir::IntType t = intTypeOf(inductionVar->getType());
    const ExprRef init = lookup(inductionVar)->asInt(t);
    const ExprRef amount = step->amount ? eval(step->amount).asInt(t) : ir::makeConst(1, t);
    const ExprRef it = ir::makeCast(iter, t);
    ExprRef value;
    int64_t a = 0;
    switch (step->kind) {
      case StepKind::Add: value = ir::makeBinary(ir::BinaryOp::Add, init, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
      case StepKind::Sub: value = ir::makeBinary(ir::BinaryOp::Sub, init, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
      case StepKind::Shl: value = ir::makeBinary(ir::BinaryOp::Shl, init, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
      case StepKind::Shr: value = ir::makeBinary(ir::BinaryOp::Shr, init, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
      case StepKind::Mul:
      case StepKind::Div:
        if (ir::isConst(amount, &a) && a > 0 && llvm::isPowerOf2_64(static_cast<uint64_t>(a))) {
          const ExprRef shift = ir::makeBinary(ir::BinaryOp::Mul, it, ir::makeConst(llvm::Log2_64(static_cast<uint64_t>(a)), t), t);
          if (step->kind == StepKind::Mul) {
            value = ir::makeBinary(ir::BinaryOp::Shl, init, shift, t);
          } else {
            const ExprRef divisor = ir::makeBinary(ir::BinaryOp::Shl, ir::makeConst(1, t), shift, t);
            value = ir::makeBinary(ir::BinaryOp::Div, init, divisor, t);
          }
        } else {
          value = ir::makeUnknown("'" + inductionVar->getNameAsString() +
                                      "' is multiplied or divided by a value that is not a power of two",
                                  t);
        }
        break;
    }
    loop.inductionVar = inductionVar->getNameAsString();
    loop.inductionValue = concrete(value);
    frame().env[inductionVar] = SymbolicValue::integer(value);
  }

  if (list) {
    const int64_t count = list->pointer || list->unfollowed ? list->count : static_cast<int64_t>(list->values.size());
    loop.condition = ir::makeBinary(ir::BinaryOp::LT, iter, ir::makeConst(count), ir::IntType::boolean());
    if (list->pointer) {
      // A range-based for over a shared array: the iterator points at element i in iteration i
      // (a row of a multi-dimensional array steps by the row stride a padding changes, as C++ would).
      loop.inductionVar = list->pointer->getNameAsString();
      frame().env[list->pointer] = pointerArithmetic(list->first, SymbolicValue::integer(iter), false, nullptr);
    } else if (list->unfollowed) {
      frame().env[list->var] = *list->unfollowed;
    } else {
      // A list loop: iteration i takes the i-th element.
      const ir::IntType t = intTypeOf(list->var->getType().getNonReferenceType());
      ExprRef value = list->values.back();
      for (size_t i = list->values.size() - 1; i-- > 0;)
        value = ir::makeSelect(ir::makeBinary(ir::BinaryOp::EQ, iter, ir::makeConst(static_cast<int64_t>(i)), ir::IntType::boolean()),
                               list->values[i], value, t);
      loop.inductionVar = list->var->getNameAsString();
      loop.inductionValue = concrete(value);
      frame().env[list->var] = SymbolicValue::integer(value);
    }
  }

  // Variables without a closed form may still be one value per warp (a double-buffer index
  // toggled under a condition): a uniform symbol, not an unknown. The analysis runs only for a
  // loop that needs it, on the values the variables had on entry.
  llvm::SmallDenseMap<const VarDecl*, bool, 8> uniformOnEntry;
  for (const VarDecl* v : modified) uniformOnEntry[v] = holdsWarpUniform(v);
  std::optional<LoopUniformity> uniformityMemo;
  const auto uniformity = [&]() -> const LoopUniformity& {
    if (!uniformityMemo)
      uniformityMemo = analyzeLoopUniformity(body, condExpr, inc, modified, [&](const VarDecl* v) {
        const auto it = uniformOnEntry.find(v);
        return it != uniformOnEntry.end() ? it->second : holdsWarpUniform(v);
      }, ctx_);
    return *uniformityMemo;
  };
  // A variable the for-statement declares ends with the loop: no value after it to compute.
  llvm::SmallPtrSet<const VarDecl*, 4> scopedToLoop;
  if (const auto* f = dyn_cast<ForStmt>(loopStmt))
    if (const auto* ds = dyn_cast_or_null<DeclStmt>(f->getInit()))
      for (const Decl* d : ds->decls())
        if (const auto* vd = dyn_cast<VarDecl>(d)) scopedToLoop.insert(vd);
  // `inLoop`: the symbol stands for a value that changes from one iteration to the next.
  const auto uniformSymbolFor = [&](const VarDecl* v, const std::string& what, bool inLoop) {
    const ir::IntType t = intTypeOf(v->getType());
    return SymbolicValue::integer(ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, inLoop ? loop.id : -1), what, t));
  };

  // Other variables the loop changes: a closed form when the update is a simple recurrence.
  llvm::SmallPtrSet<const VarDecl*, 4> symbolized;  // the ones given a uniform symbol instead
  std::vector<std::pair<const VarDecl*, std::vector<CarriedUpdate>>> movedByUniformSteps;
  // The writes of `v` in the body and the increment, when `find` accepts all of them; nothing
  // when there is none.
  using UpdateFinder = std::optional<std::vector<CarriedUpdate>> (*)(const Stmt*, const VarDecl*);
  const auto updatesOf = [&](UpdateFinder find, const VarDecl* v) -> std::optional<std::vector<CarriedUpdate>> {
    std::optional<std::vector<CarriedUpdate>> updates = find(body, v), more = find(inc, v);
    if (!updates || !more) return std::nullopt;
    updates->insert(updates->end(), more->begin(), more->end());
    if (updates->empty()) return std::nullopt;
    return updates;
  };
  // Every step a pointer takes in the body and the increment, when all are additions.
  const auto stepsOf = [&](const VarDecl* v) { return updatesOf(findSteps, v); };
  // The largest factor every step is known to have, in bytes (0 when there is none).
  const auto stepBytes = [&](const SymbolicValue& ptr, const std::vector<CarriedUpdate>& steps) {
    int64_t bytes = 0;
    for (const CarriedUpdate& up : steps) {
      const QualType stepType = up.stepPointee.isNull() ? ptr.pointee : up.stepPointee;
      const int64_t elem = ptr.kind == SymbolicValue::Kind::SharedAddr || stepType.isNull() || stepType->isIncompleteType()
                               ? 1  // an integer address steps in bytes
                               : ctx_.getTypeSizeInChars(stepType).getQuantity();
      // Evaluated out of its place: only an amount that reads no memory (it would record accesses).
      const int64_t factor = !up.amount ? 1 : readsMemoryOrCalls(up.amount) ? 1 : ir::knownFactor(eval(up.amount).asInt(ir::IntType::int64()));
      bytes = std::gcd(bytes, factor * elem);
    }
    return bytes;
  };
  // `from` moved by a warp-uniform number of steps of `bytes` (a symbol named `what`).
  const auto movedBySteps = [&](const SymbolicValue& from, int64_t bytes, const std::string& what, int loopId) {
    SymbolicValue moved = from;
    const ExprRef steps = ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, loopId), what, ir::IntType::int64());
    moved.expr = ir::addBytes(from.expr, ir::mulBytes(steps, bytes));
    moved.pieces.complete = false;  // the steps of the loop are not a written term
    return moved;
  };
  // The constant every write of an integer shared address XORs it with (`addr ^= 0x2000`), when
  // each write does, all with the same constant.
  const auto toggleOf = [&](const VarDecl* v) -> std::optional<int64_t> {
    const std::optional<std::vector<CarriedUpdate>> toggles = updatesOf(findToggles, v);
    if (!toggles) return std::nullopt;
    std::optional<int64_t> c;
    for (const CarriedUpdate& up : *toggles) {
      Expr::EvalResult r;
      if (!up.amount || up.amount->isValueDependent() || !up.amount->EvaluateAsInt(r, ctx_)) return std::nullopt;
      const int64_t amount = r.Val.getInt().getExtValue();
      if (amount <= 0 || (c && *c != amount)) return std::nullopt;
      c = amount;
    }
    return c;
  };
  // `from` XORed with `c` where `odd` (0 or 1) says so; nothing when the array's alignment does
  // not let the XOR act on its offset.
  const auto toggled = [&](const SymbolicValue& from, int64_t c, const ExprRef& odd, QualType type) -> std::optional<SymbolicValue> {
    const ExprRef mask = ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(odd, ir::IntType::int64()), ir::makeConst(c, ir::IntType::int64()),
                                        ir::IntType::int64());
    SymbolicValue out = xorSharedAddressWithin(from, c, mask, type);
    if (out.kind != SymbolicValue::Kind::SharedAddr) return std::nullopt;
    return out;
  };
  // A uniform value's lowest bit: which of two buffers a warp-uniform toggle left an address in.
  const auto lowBitOf = [&](const std::string& what, int loopId) {
    const ExprRef u = ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, loopId), what, ir::IntType::int64());
    return ir::makeBinary(ir::BinaryOp::And, u, ir::makeConst(1, ir::IntType::int64()), ir::IntType::int64());
  };
  // Shared pointers as the loop finds them, for their value after it.
  llvm::SmallDenseMap<const VarDecl*, SymbolicValue, 4> pointersOnEntry;
  for (const VarDecl* v : modified)
    if (const SymbolicValue* cur = lookup(v); cur && (cur->kind == SymbolicValue::Kind::SharedPtr || cur->kind == SymbolicValue::Kind::SharedAddr))
      pointersOnEntry[v] = *cur;
  // Whether every lane of a warp moves an integer shared address alike (the same toggles, the same
  // steps), whatever lane-dependent value it starts from: the uniformity analysis with the addresses
  // taken as uniform on entry, for an address whose value reaches nothing but the instructions
  // and helpers it is handed to (else a condition on it would pass for uniform).
  std::optional<LoopUniformity> relativeMemo;
  const auto relative = [&]() -> const LoopUniformity& {
    if (!relativeMemo)
      relativeMemo = analyzeLoopUniformity(body, condExpr, inc, modified, [&](const VarDecl* w) {
        if (const auto e = pointersOnEntry.find(w); e != pointersOnEntry.end() && e->second.kind == SymbolicValue::Kind::SharedAddr) return true;
        const auto it = uniformOnEntry.find(w);
        return it != uniformOnEntry.end() ? it->second : holdsWarpUniform(w);
      }, ctx_);
    return *relativeMemo;
  };
  const auto addressMovesAlike = [&](const VarDecl* v) {
    if (uniformity().uniform.count(v)) return true;
    return relative().uniform.count(v) && readOnlyAsOperand(body, v) && readOnlyAsOperand(inc, v) && readOnlyAsOperand(condExpr, v);
  };
  // Shared pointers the loop only exchanges with one another (two buffers swapped on their
  // pointers, `float* t = a; a = b; b = t;`): each holds one of their values on entry, the same for
  // the warp where the exchanges are warp-uniform. Like a pointer moved by steps, it is where it
  // started plus a multiple of what those values differ by, which is what decides the banks.
  // Pointers carved out of one dynamic buffer are exchanged as pointers into that buffer.
  struct Exchanged {
    SymbolicValue start;  // the value on entry, into the buffer the pointers share
    int64_t bytes = 0;    // a factor of every difference between the exchanged values
  };
  llvm::SmallDenseMap<const VarDecl*, Exchanged, 4> exchangedPointers;
  {
    const auto inBuffer = [&](SymbolicValue p) {
      while (p.array >= 0 && tu_.array(p.array).carvedFrom >= 0 && tu_.array(p.array).carveOffset) {
        const ir::SharedArray& view = tu_.array(p.array);
        p.expr = ir::addBytes(view.carveOffset, p.expr);
        p.array = view.carvedFrom;
        p.pieces.complete = false;
      }
      return p;
    };
    llvm::SmallVector<const VarDecl*, 4> candidates;
    for (const auto& [v, value] : pointersOnEntry)
      if (value.kind == SymbolicValue::Kind::SharedPtr && value.expr && ir::laneIndependent(value.expr)) candidates.push_back(v);
    const llvm::SmallPtrSet<const VarDecl*, 4> exchanged =
        candidates.size() >= 2 ? findExchangedVariables(body, inc, candidates) : llvm::SmallPtrSet<const VarDecl*, 4>();
    for (const VarDecl* v : exchanged) exchangedPointers[v].start = inBuffer(pointersOnEntry[v]);
    bool oneBuffer = true;
    for (const auto& [v, e] : exchangedPointers) oneBuffer = oneBuffer && e.start.array == exchangedPointers.begin()->second.start.array;
    if (!oneBuffer) exchangedPointers.clear();
    for (auto& [v, e] : exchangedPointers)
      for (const auto& [w, other] : exchangedPointers)
        e.bytes = std::gcd(e.bytes, ir::knownFactor(ir::makeBinary(ir::BinaryOp::Sub, other.start.expr, e.start.expr, ir::IntType::int64())));
  }
  for (const VarDecl* v : modified) {
    if (v == inductionVar) continue;
    SymbolicValue* cur = lookup(v);
    if (!cur) continue;
    // eval() may bind new locals in this frame, which can move the frame's map: find the value again.
    const auto evalKeepingCur = [&](const Expr* e) {
      SymbolicValue r = eval(e);
      cur = lookup(v);
      return r;
    };
    const std::string changes = "'" + v->getNameAsString() + "' changes across iterations of the loop at line " + line;
    std::optional<CarriedUpdate> up = findCarriedUpdate(body, v);
    if (incSteps)
      for (const InductionStep& st : *incSteps)
        if (st.var == v && (st.kind == StepKind::Add || st.kind == StepKind::Sub))
          up = CarriedUpdate{st.kind == StepKind::Add ? CarriedUpdate::AddAmount : CarriedUpdate::SubAmount, st.amount, nullptr};
    const bool invariantAmount = !up || ((!up->amount || !readsAnyOf(up->amount, modified)) &&
                                         (!up->modulus || !readsAnyOf(up->modulus, modified)));
    std::optional<int64_t> toggle;
    std::optional<SymbolicValue> address;
    if (const auto ex = exchangedPointers.find(v); ex != exchangedPointers.end() && uniformity().uniform.count(v)) {
      *cur = movedBySteps(ex->second.start, ex->second.bytes,
                          "'" + v->getNameAsString() + "' (warp-uniform; it takes the value of another of the pointers exchanged across "
                          "iterations of the loop at line " + line + ")",
                          loop.id);
      symbolized.insert(v);
    } else if (cur->kind == SymbolicValue::Kind::SharedAddr && (toggle = toggleOf(v)) &&
        (address = up && up->kind == CarriedUpdate::XorAmount
                       ? toggled(*cur, *toggle, ir::makeBinary(ir::BinaryOp::And, ir::makeCast(iter, ir::IntType::int64()),
                                                               ir::makeConst(1, ir::IntType::int64()), ir::IntType::int64()),
                                 v->getType())
                   : addressMovesAlike(v)
                       ? toggled(*cur, *toggle,
                                 lowBitOf("'" + v->getNameAsString() + "' (warp-uniform; XORed with " + std::to_string(*toggle) +
                                              " across iterations of the loop at line " + line + ")",
                                          loop.id),
                                 v->getType())
                       : std::nullopt)) {
      // A double buffer switched on the address, every iteration (a closed form) or under a
      // warp-uniform condition (which buffer is a uniform bit).
      if (!(up && up->kind == CarriedUpdate::XorAmount)) symbolized.insert(v);
      *cur = *address;
    } else if (up && invariantAmount && cur->kind == SymbolicValue::Kind::Int && closedGeometric(*up, *cur, iter)) {
      // done: shifts and power-of-two products in closed form
    } else if (up && invariantAmount && cur->kind == SymbolicValue::Kind::Int && up->kind == CarriedUpdate::ModAdd) {
      const ir::IntType t = cur->expr->type;
      const ExprRef amount = up->amount ? evalKeepingCur(up->amount).asInt(t) : ir::makeConst(1, t);
      const ExprRef modulus = evalKeepingCur(up->modulus).asInt(t);
      const ExprRef it = ir::makeCast(iter, t);
      cur->expr = ir::makeBinary(ir::BinaryOp::Rem,
                                 ir::makeBinary(ir::BinaryOp::Add, cur->expr, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t),
                                 modulus, t);
    } else if (up && invariantAmount && cur->kind == SymbolicValue::Kind::Int &&
               (up->kind == CarriedUpdate::AddAmount || up->kind == CarriedUpdate::SubAmount ||
                up->kind == CarriedUpdate::XorAmount || up->kind == CarriedUpdate::OneMinus)) {
      const ir::IntType t = cur->expr->type;
      const ExprRef it = ir::makeCast(iter, t);
      const ExprRef amount = up->amount ? evalKeepingCur(up->amount).asInt(t) : ir::makeConst(1, t);
      switch (up->kind) {
        case CarriedUpdate::AddAmount: cur->expr = ir::makeBinary(ir::BinaryOp::Add, cur->expr, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
        case CarriedUpdate::SubAmount: cur->expr = ir::makeBinary(ir::BinaryOp::Sub, cur->expr, ir::makeBinary(ir::BinaryOp::Mul, it, amount, t), t); break;
        case CarriedUpdate::XorAmount: {
          // Toggled every iteration: the amount in odd iterations.
          ExprRef odd = ir::makeBinary(ir::BinaryOp::And, it, ir::makeConst(1, t), t);
          if (up->amount) odd = ir::makeBinary(ir::BinaryOp::Mul, odd, amount, t);
          cur->expr = ir::makeBinary(ir::BinaryOp::Xor, cur->expr, odd, t);
          break;
        }
        case CarriedUpdate::OneMinus: {
          const ExprRef odd = ir::makeBinary(ir::BinaryOp::NE, ir::makeBinary(ir::BinaryOp::And, it, ir::makeConst(1, t), t), ir::makeConst(0, t), ir::IntType::boolean());
          cur->expr = ir::makeSelect(odd, ir::makeBinary(ir::BinaryOp::Sub, ir::makeConst(1, t), cur->expr, t), cur->expr, t);
          break;
        }
        default: break;
      }
    } else if (up && invariantAmount && (cur->isTrackedPointer() || cur->kind == SymbolicValue::Kind::SharedAddr) &&
               (up->kind == CarriedUpdate::AddAmount || up->kind == CarriedUpdate::SubAmount)) {
      const ExprRef amount = up->amount ? evalKeepingCur(up->amount).asInt(ir::IntType::int64()) : ir::makeConst(1, ir::IntType::int64());
      const QualType stepType = up->stepPointee.isNull() ? cur->pointee : up->stepPointee;
      const int64_t elem = cur->kind == SymbolicValue::Kind::SharedAddr || stepType.isNull() || stepType->isIncompleteType()
                               ? 1
                               : ctx_.getTypeSizeInChars(stepType).getQuantity();
      ExprRef delta = ir::mulBytes(ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(iter, ir::IntType::int64()), amount, ir::IntType::int64()), elem);
      if (up->kind == CarriedUpdate::SubAmount) delta = ir::makeUnary(ir::UnaryOp::Neg, delta, ir::IntType::int64());
      cur->expr = ir::addBytes(cur->expr, delta);
      cur->pieces.complete = false;  // the step of the loop is not a written term
    } else if (std::optional<std::vector<CarriedUpdate>> steps;
               (cur->isTrackedPointer() ? uniformity().uniform.count(v) != 0
                                        : cur->kind == SymbolicValue::Kind::SharedAddr && addressMovesAlike(v)) &&
               (steps = stepsOf(v))) {
      movedByUniformSteps.emplace_back(v, std::move(*steps));  // once every integer has its value in the loop
    } else if (cur->kind == SymbolicValue::Kind::SharedAddr) {
      *cur = SymbolicValue::lost(*cur, changes);  // still an address into its array
    } else if (v->getType()->isIntegralOrEnumerationType() && uniformity().uniform.count(v)) {
      symbolized.insert(v);
      *cur = uniformSymbolFor(v, "'" + v->getNameAsString() + "' (warp-uniform; it changes across iterations of the loop at line " + line + ")", true);
    } else if (v->getType()->isIntegralOrEnumerationType()) {
      *cur = SymbolicValue::integer(ir::makeUnknown(changes, intTypeOf(v->getType())));
    } else {
      loseWrites(*cur, v, body, inc, changes);
    }
  }

  // A pointer every warp moves alike by a step that changes (`p += SIZE * dir; dir = -dir;`
  // between two buffers): where it points is unknown, but it moves by whole steps, and a step's
  // known factor (SIZE elements) is what decides the banks.
  for (const auto& [v, steps] : movedByUniformSteps) {
    SymbolicValue* cur = lookup(v);
    const int64_t bytes = stepBytes(*cur, steps);
    *cur = movedBySteps(*cur, bytes,
                        "'" + v->getNameAsString() + "' (warp-uniform; it moves by multiples of " + std::to_string(bytes) +
                            " bytes across iterations of the loop at line " + line + ")",
                        loop.id);
    symbolized.insert(v);
  }

  if (condExpr) {
    ExprRef cond = concrete(evalCondition(condExpr));
    // A do-while runs its first iteration before it tests the condition (`do { ... } while (0)`
    // runs once): iteration k runs when k is 0 or the condition holds at its start.
    if (isa<DoStmt>(loopStmt))
      cond = ir::makeBinary(ir::BinaryOp::LogicalOr,
                            ir::makeBinary(ir::BinaryOp::EQ, iter, ir::makeConst(0, ir::IntType::int32()), ir::IntType::boolean()), cond,
                            ir::IntType::boolean());
    if (const ir::Expr* u = ir::findUnknown(cond)) loop.conditionProblem = u->text;
    else loop.condition = cond;
  } else if (!list) {
    loop.conditionProblem = "the loop has no condition";
  }

  // The values at the start of an iteration, in closed form: after a loop that runs a known
  // number of times and never leaves an iteration early, the value at that iteration number.
  std::vector<std::pair<const VarDecl*, SymbolicValue>> closedForms;
  // (a count and a flag rather than std::optional: GCC 14 warns it "may be used uninitialized")
  int64_t tripCount = 0;
  bool tripsKnown = false;
  if (isa<ForStmt>(loopStmt) || isa<WhileStmt>(loopStmt))
    for (const VarDecl* v : modified)
      if (const SymbolicValue* cur = lookup(v);
          cur && !scopedToLoop.count(v) && !symbolized.count(v) &&
          (cur->kind == SymbolicValue::Kind::Int || cur->isTrackedPointer() || cur->kind == SymbolicValue::Kind::SharedAddr) &&
          cur->expr && !ir::findUnknown(cur->expr))
        closedForms.emplace_back(v, *cur);
  // The loop's constant trip count (-1: not a constant), computed once and only when asked for.
  int64_t tripsMemo = -2;
  const auto constantTrips = [&]() -> int64_t {
    if (tripsMemo == -2)
      tripsMemo = loop.condition ? constantTripCount(loop.condition, iter, loop.iterSymbol).value_or(-1) : -1;
    return tripsMemo;
  };
  if (!closedForms.empty() && constantTrips() >= 0) {
    tripCount = constantTrips();
    tripsKnown = !uniformity().leavesEarly;
  }

  // Local arrays the loop writes: their elements change across its iterations (read in it, they
  // are unknown); a write of one element per iteration is followed (LocalArrays.h).
  llvm::SmallPtrSet<const VarDecl*, 4> arraysWritten;
  collectLocalArrayWrites(body, arraysWritten);
  collectLocalArrayWrites(inc, arraysWritten);
  collectLocalArrayWrites(condExpr, arraysWritten);
  std::vector<LocalArrayContents::Array*> changing;
  for (const VarDecl* v : arraysWritten)
    if (LocalArrayContents::Array* a = localArrays_.find(v)) {
      if (a->changingInLoops++ == 0)
        a->changingReason = "local array '" + a->name + "' changes across iterations of the loop at line " + line;
      changing.push_back(a);
    }
  ActiveLoop active;
  active.loopId = loop.id;
  active.iterSymbol = loop.iterSymbol;
  active.predicateBase = predicates_.size();
  active.line = static_cast<int>(loop.loc.line);
  if (!changing.empty()) {
    active.tripCount = constantTrips();
    active.leavesEarly = uniformity().leavesEarly;
  }
  activeLoops_.push_back(active);

  kernel().loops.push_back(loop);
  loops_.push_back(loop.id);
  loseThisWrites(body, inc, "a field of the object changes across iterations of the loop at line " + line);
  // A break's note ("the loop may exit early") is about this loop's iterations: it ends with the
  // loop (the notes of conditions inside it are popped with their predicates).
  const size_t assumptionsBefore = assumptions_.size();
  walkStmt(body);
  if (inc) eval(inc);
  if (assumptions_.size() > assumptionsBefore) assumptions_.resize(assumptionsBefore);
  loops_.pop_back();
  activeLoops_.pop_back();
  // An array declared inside the body started afresh there (LocalArrayContents::declare): it does
  // not change across this loop's iterations, and its count must not go below zero.
  for (LocalArrayContents::Array* a : changing)
    if (a->changingInLoops > 0) --a->changingInLoops;

  if (tripsKnown) {
    const ExprRef last = ir::makeConst(tripCount, iter->type);
    for (auto& [v, start] : closedForms)
      if (SymbolicValue* cur = lookup(v)) {
        *cur = start;
        cur->expr = ir::substituteSymbol(start.expr, loop.iterSymbol, last);
        modified.erase(v);
      }
  }

  // After the loop the variables it changed (the induction variable too: the increment writes it)
  // hold values the walker does not compute.
  for (const VarDecl* v : modified) {
    if (SymbolicValue* cur = lookup(v)) {
      std::string why = "value of '" + v->getNameAsString() + "' after the loop at line " + line;
      const auto entry = pointersOnEntry.find(v);
      const bool address = entry != pointersOnEntry.end();
      const bool integerAddress = address && entry->second.kind == SymbolicValue::Kind::SharedAddr;
      if (!scopedToLoop.count(v) &&
          (integerAddress ? uniformity().exitUniform && addressMovesAlike(v) && (uniformity().uniform.count(v) || relative().exitUniform)
                          : uniformity().exitUniform && uniformity().uniform.count(v))) {
        // A double buffer switched on the address: one of its two buffers, the same for the warp.
        if (const std::optional<int64_t> c = integerAddress ? toggleOf(v) : std::nullopt)
          if (std::optional<SymbolicValue> moved =
                  toggled(entry->second, *c,
                          lowBitOf("'" + v->getNameAsString() + "' after the loop at line " + line + " (warp-uniform; XORed with " +
                                       std::to_string(*c) + ")",
                                   -1),
                          v->getType())) {
            *cur = *moved;
            continue;
          }
        if (const auto ex = exchangedPointers.find(v); ex != exchangedPointers.end()) {
          *cur = movedBySteps(ex->second.start, ex->second.bytes,
                              "'" + v->getNameAsString() + "' after the loop at line " + line +
                                  " (warp-uniform; one of the pointers the loop exchanges)",
                              -1);
          continue;
        }
        // A shared pointer every warp moved alike by steps: where the loop left it is unknown, but
        // it is where it started plus whole steps (exllamav2's activation pointer between the
        // loops of its bit widths).
        if (const std::optional<std::vector<CarriedUpdate>> steps = address ? stepsOf(v) : std::nullopt) {
          const int64_t bytes = stepBytes(entry->second, *steps);
          *cur = movedBySteps(entry->second, bytes,
                              "'" + v->getNameAsString() + "' after the loop at line " + line + " (warp-uniform; moved by multiples of " +
                                  std::to_string(bytes) + " bytes)",
                              -1);
          continue;
        }
        if (v->getType()->isIntegralOrEnumerationType() && !integerAddress) {
          *cur = uniformSymbolFor(v, "'" + v->getNameAsString() + "' after the loop at line " + line + " (warp-uniform)", false);
          continue;
        }
      }
      if (integerAddress) {
        *cur = SymbolicValue::lost(entry->second, why);  // still an address into its array
        continue;
      }
      if (v->getType()->isIntegralOrEnumerationType()) *cur = SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(v->getType())));
      else loseWrites(*cur, v, body, inc, why);
    }
  }
  loseThisWrites(body, inc, "a field of the object after the loop at line " + line);
  return true;
}

void KernelWalker::walkDecl(const VarDecl* vd) {
  if (vd->hasAttr<CUDASharedAttr>()) {
    sharedArrayFor(vd);
    return;
  }
  if (vd->isStaticLocal() || !vd->isLocalVarDeclOrParm()) return;
  // What a device function's local pointer starts as: an index written on it may be rewritten
  // only if it never holds anything but one array (DevicePointerBindings).
  auto recordBinding = llvm::make_scope_exit([&] {
    if (!inlinedAt_.empty() && vd->getType()->isPointerType())
      if (const SymbolicValue* v = lookup(vd)) pointerBindings_.record(vd, frame().function ? frame().function->getNameAsString() : "", *v, tu_);
    // An object initialized from a derived one (`thread_group g = this_thread_block();`) keeps
    // the derived class, for the base's methods without a body.
    if (vd->getType()->isRecordType() && vd->getInit())
      if (SymbolicValue* v = lookup(vd); v && v->kind == SymbolicValue::Kind::Other && !v->objectClass)
        v->objectClass = mostDerivedClass(vd->getInit());
  });
  QualType t = vd->getType();
  const std::string name = vd->getNameAsString();
  if (declareLocalArray(vd)) return;
  if ((t->isReferenceType() || t->isPointerType()) && vd->getInit()) noteBinding(vd->getInit());
  if (t->isReferenceType()) {
    if (!vd->getInit()) return;
    LValue lv = evalLValue(vd->getInit());
    if (lv.kind == LValue::Kind::Shared) {
      frame().env[vd] = lv.address(lv.type);
    } else if (lv.kind == LValue::Kind::Local && lookup(lv.var)) {
      frame().aliases[vd] = lv;  // an alias of a local: reads and writes go to it
      frame().env[vd] = readLValue(lv, vd->getInit());
    } else if (lv.kind == LValue::Kind::Temporary && lv.value && lv.value->fields) {
      // Bound to a temporary object, which lives as long as the reference (`const auto& [r, c] =
      // coordOf(lane);`): the reference is that object, its fields followed.
      frame().env[vd] = *lv.value;
    } else {
      frame().env[vd] = SymbolicValue::other("reference '" + name + "' to a non-shared object");
    }
    return;
  }
  if (!vd->getInit()) {
    frame().env[vd] = t->isIntegralOrEnumerationType()
                          ? SymbolicValue::integer(ir::makeUnknown("'" + name + "' is uninitialized", intTypeOf(t)))
                          : SymbolicValue::other("'" + name + "' is uninitialized");
    return;
  }
  // A constexpr (or const, constant-initialized) integer is clang's value: no need to follow
  // how it is computed.
  if (t->isIntegralOrEnumerationType() && (vd->isConstexpr() || t.isConstQualified()) && !vd->getInit()->isValueDependent())
    if (const APValue* value = vd->evaluateValue(); value && value->isInt()) {
      frame().env[vd] = SymbolicValue::integer(ir::makeConst(value->getInt().getExtValue(), intTypeOf(t)));
      return;
    }
  SymbolicValue v = evalInitializer(vd, vd->getInit());
  if (t->isRecordType() && v.kind == SymbolicValue::Kind::Other)
    if (std::optional<std::string> path = kernelParameterPath(vd->getInit())) v.kernelParameter = *path;  // `const uint3 d = ne01;`
  if (v.kind == SymbolicValue::Kind::SharedAddr) {
    frame().env[vd] = v;  // an integer that holds a shared address stays one
  } else if (t->isIntegralOrEnumerationType()) {
    frame().env[vd] = uniformIfUnknown(vd, SymbolicValue::integer(v.asInt(intTypeOf(t))), vd->getInit());
  } else if (t->isPointerType() && v.kind == SymbolicValue::Kind::SharedPtr) {
    int view = carveView(vd, v);
    frame().env[vd] = view >= 0 ? SymbolicValue::sharedPtr(view, ir::makeConst(0, ir::IntType::int64()), t->getPointeeType())
                                : [&] {
                                    SymbolicValue p = v;
                                    p.pointee = t->getPointeeType();
                                    return p;
                                  }();
  } else if (t->isPointerType() && v.kind == SymbolicValue::Kind::GlobalPtr) {
    v.pointee = t->getPointeeType();
    frame().env[vd] = v;
  } else if (t->isArrayType()) {
    frame().env[vd] = SymbolicValue::other("local array '" + name + "'");
  } else {
    frame().env[vd] = v.kind == SymbolicValue::Kind::Other ? v : SymbolicValue::other("'" + name + "'");
  }
}

bool KernelWalker::walkReturn(const ReturnStmt* r) {
  const Expr* value = r->getRetValue();
  if (frames_.size() == 1) {
    if (value) eval(value);
    return false;
  }
  Return ret;
  const FunctionDecl* fn = frame().function;
  if (value && fn->getReturnType()->isReferenceType()) {
    LValue lv = evalLValue(value);
    ret.value = lv.kind == LValue::Kind::Shared ? lv.address(lv.type)
                                                : SymbolicValue::other("returns a reference to a non-shared object");
  } else if (value) {
    ret.value = eval(value);
    // `return __cvta_generic_to_shared(p);` from a helper: the shared address stays one.
    const QualType rt = fn->getReturnType();
    const bool keepsAddress = ret.value.kind == SymbolicValue::Kind::SharedAddr && rt->isIntegerType() && ctx_.getTypeSize(rt) >= 32;
    if (rt->isIntegralOrEnumerationType() && !keepsAddress)
      ret.value = SymbolicValue::integer(ret.value.asInt(intTypeOf(fn->getReturnType())));
  }
  ExprRef cond;
  for (size_t i = frame().predicateBase; i < predicates_.size(); ++i) {
    if (!predicates_[i].condition) continue;
    cond = cond ? ir::makeBinary(ir::BinaryOp::LogicalAnd, cond, predicates_[i].condition, ir::IntType::boolean())
                : predicates_[i].condition;
  }
  ret.condition = cond;
  frame().returns.push_back(std::move(ret));
  return false;
}

ir::SourceLoc KernelWalker::locOf(SourceLocation l) const { return sourceLocOf(sm_, l); }

ir::SourceSpan KernelWalker::spanOf(SourceRange r) const {
  ir::SourceSpan span;
  CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, ctx_.getLangOpts());
  if (cr.isInvalid()) {
    span.begin = span.end = locOf(r.getBegin());
    return span;
  }
  span.begin = locOf(cr.getBegin());
  span.end = locOf(cr.getEnd());
  span.beginOffset = sm_.getFileOffset(cr.getBegin());
  span.endOffset = sm_.getFileOffset(cr.getEnd());
  return span;
}

std::string KernelWalker::textOf(SourceRange r) const {
  CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, ctx_.getLangOpts());
  if (cr.isInvalid()) return "";
  return Lexer::getSourceText(cr, sm_, ctx_.getLangOpts()).str();
}

std::string instanceName(const FunctionDecl* fn) {
  std::string out;
  llvm::raw_string_ostream os(out);
  PrintingPolicy policy(fn->getASTContext().getLangOpts());
  policy.SuppressTagKeyword = true;
  policy.SuppressScope = false;
  os << fn->getQualifiedNameAsString();
  if (const TemplateArgumentList* args = fn->getTemplateSpecializationArgs())
    printTemplateArgumentList(os, args->asArray(), policy);
  return os.str();
}

}  // namespace bankcheck::frontend
