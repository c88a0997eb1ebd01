// The synchronization events of a kernel instance, in program order (ir/SyncEvents.h).
//
// The walk follows the statements the way KernelWalker does: sequences, if/else (a branch whose
// condition clang folds to a constant keeps only its live side), for/while/do loops, and calls
// to device functions with a body, followed into the callee (the call site pushed, as the walker
// records it in Access::inlinedAt). Synchronization is recognized in every spelling: inline PTX
// (InlinePtx.cpp: cp.async, commit_group, wait_group, wait_all, bar.sync), the pipeline
// primitives, cuda::pipeline, cooperative_groups and the barrier intrinsics. The shared reads and
// writes are not re-derived: the accesses the walker recorded are placed at the statement whose
// source range holds them, in the same call context.
#include "frontend/SyncEventExtractor.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "frontend/InlinePtx.h"
#include "frontend/SourceLocations.h"
#include "ir/SyncEvents.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
constexpr size_t kMaxCallDepth = 48;

std::string locKey(const ir::SourceLoc& l) { return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column); }

bool inNamespace(const Decl* d, llvm::StringRef ns) {
  for (const DeclContext* dc = d->getDeclContext(); dc && !dc->isTranslationUnit(); dc = dc->getParent())
    if (const auto* n = dyn_cast<NamespaceDecl>(dc); n && n->getName() == ns) return true;
  return false;
}

// (line, column) ordering inside one file.
bool before(const ir::SourceLoc& a, const ir::SourceLoc& b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

// The additive terms of `e` that do not vary between lanes, summed: for a byte offset
// `stage * S + row(threadIdx) * R + col(threadIdx) * 4` it is `stage * S`. Null when a lane-varying
// value is mixed into the rest other than by addition (an XOR swizzle, a product).
ir::ExprRef uniformPart(const ir::ExprRef& e) {
  if (!e) return nullptr;
  if (!e->lanesVary()) return e;
  if (e->kind == ir::ExprKind::Cast && e->a && e->a->type.bits <= e->type.bits) return uniformPart(e->a);
  if (e->kind == ir::ExprKind::Binary && (e->binaryOp == ir::BinaryOp::Add || e->binaryOp == ir::BinaryOp::Sub)) {
    ir::ExprRef a = uniformPart(e->a), b = uniformPart(e->b);
    if (!a || !b) return nullptr;
    return ir::makeBinary(e->binaryOp, ir::makeCast(a, ir::IntType::int64()), ir::makeCast(b, ir::IntType::int64()),
                          ir::IntType::int64());
  }
  // A lane-varying product by a uniform factor distributes; any other lane-varying node is part
  // of the offset inside the stage when no warp-uniform symbol is mixed into it.
  const ir::IntType i64 = ir::IntType::int64();
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Mul && e->a && e->b) {
    if (!e->b->lanesVary()) {
      ir::ExprRef a = uniformPart(e->a);
      return a ? ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(a, i64), ir::makeCast(e->b, i64), i64) : nullptr;
    }
    if (!e->a->lanesVary()) {
      ir::ExprRef b = uniformPart(e->b);
      return b ? ir::makeBinary(ir::BinaryOp::Mul, ir::makeCast(e->a, i64), ir::makeCast(b, i64), i64) : nullptr;
    }
  }
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Shl && e->a && e->b && !e->b->lanesVary()) {
    ir::ExprRef a = uniformPart(e->a);
    return a ? ir::makeBinary(ir::BinaryOp::Shl, ir::makeCast(a, i64), ir::makeCast(e->b, i64), i64) : nullptr;
  }
  const ir::ExprFeatures f = ir::featuresOf(e);
  if (f.unknown || !f.symbols.empty() || f.blockIdx) return nullptr;
  return ir::makeConst(0, i64);
}

}  // namespace

bool synchronizesBlock(const FunctionDecl* fn) {
  for (const AnnotateAttr* a : fn->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == "bankcheck:synchronizes-block") return true;
  if (const FunctionDecl* pattern = fn->getTemplateInstantiationPattern()) return pattern != fn && synchronizesBlock(pattern);
  return false;
}

namespace {
class Extractor {
 public:
  // `eventFree`: shared by the instances of the translation unit (eventFree()).
  Extractor(ASTContext& ctx, ir::TranslationUnit& tu, int instance, llvm::ArrayRef<int> accesses,
            llvm::DenseMap<const FunctionDecl*, bool>& eventFree)
      : ctx_(ctx), sm_(ctx.getSourceManager()), tu_(tu), instance_(instance), eventFree_(eventFree) {
    // Keys name the call sites outermost first, as contextKeys_ grows them on each call.
    for (int id : accesses) {
      const ir::Access& a = tu_.accesses[static_cast<size_t>(id)];
      if (a.insideSynchronizingCall) continue;  // the call is one barrier (synchronizesBlock)
      std::string key;
      for (auto it = a.inlinedAt.rbegin(); it != a.inlinedAt.rend(); ++it) key += locKey(*it) + "|";
      for (size_t end = key.find('|'); end != std::string::npos; end = key.find('|', end + 1))
        contextsWithAccesses_.insert(llvm::StringRef(key).take_front(end + 1));
      byContext_[key].push_back(a.id);
    }
    contextKeys_.emplace_back();
  }

  ir::SyncProgram run(const FunctionDecl* kernel) {
    prog_.root.kind = ir::SyncNode::Kind::Sequence;
    functions_.push_back(kernel);
    walk(kernel->getBody(), prog_.root);
    functions_.pop_back();
    markStages();
    markMainLoops(prog_.root);
    return std::move(prog_);
  }

 private:
  ir::SourceLoc locOf(SourceLocation l) const { return sourceLocOf(sm_, l); }
  ir::SourceSpan spanOf(const Stmt* s) const {
    ir::SourceSpan sp;
    sp.begin = locOf(s->getBeginLoc());
    sp.end = locOf(sm_.getExpansionRange(s->getEndLoc()).getEnd());
    return sp;
  }
  void incomplete(const std::string& why) {
    if (prog_.complete) prog_.incompleteReason = why;
    prog_.complete = false;
  }
  std::string textOf(const Stmt* s) const {
    CharSourceRange cr = CharSourceRange::getTokenRange(sm_.getExpansionRange(s->getSourceRange()).getAsRange());
    bool invalid = false;
    llvm::StringRef t = Lexer::getSourceText(cr, sm_, ctx_.getLangOpts(), &invalid);
    return invalid ? std::string() : t.str();
  }
  // Clang's value of a condition, kept like constant()'s.
  std::optional<bool> condition(const Expr* c) const {
    if (auto it = conditions_.find(c); it != conditions_.end()) return it->second;
    bool v = false;
    std::optional<bool> out;
    if (c->EvaluateAsBooleanCondition(v, ctx_)) out = v;
    conditions_[c] = out;
    return out;
  }

  // Clang's constant value of `e`: the same expression is met again at every call of the function
  // it is in, so the answers are kept.
  std::optional<int64_t> constant(const Expr* e) const {
    if (!e || e->isValueDependent()) return std::nullopt;
    if (auto it = constants_.find(e); it != constants_.end()) return it->second;
    Expr::EvalResult r;
    std::optional<int64_t> v;
    if (e->EvaluateAsInt(r, ctx_)) v = r.Val.getInt().getExtValue();
    constants_[e] = v;
    return v;
  }

  // An integer condition or argument: clang's constant, or built from the parameters bound to
  // constants in the current call.
  std::optional<int64_t> fold(const Expr* e) const {
    if (!e) return std::nullopt;
    e = e->IgnoreParenImpCasts();
    if (std::optional<int64_t> v = constant(e)) return v;
    if (const auto* d = dyn_cast<CXXDefaultArgExpr>(e)) return fold(d->getExpr());
    if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {
      if (auto it = loopValues_.find(ref->getDecl()); it != loopValues_.end()) return it->second;
      if (const auto* p = dyn_cast<ParmVarDecl>(ref->getDecl()); p && !bindings_.empty()) {
        auto it = bindings_.back().find(p);
        if (it != bindings_.back().end()) return it->second;
      }
      return std::nullopt;
    }
    if (const auto* u = dyn_cast<UnaryOperator>(e)) {
      std::optional<int64_t> a = fold(u->getSubExpr());
      if (!a) return std::nullopt;
      if (u->getOpcode() == UO_LNot) return int64_t(*a == 0);
      if (u->getOpcode() == UO_Minus) return -*a;
      return std::nullopt;
    }
    if (const auto* b = dyn_cast<BinaryOperator>(e)) {
      std::optional<int64_t> l = fold(b->getLHS()), r = fold(b->getRHS());
      if (b->getOpcode() == BO_LAnd && ((l && !*l) || (r && !*r))) return 0;
      if (b->getOpcode() == BO_LOr && ((l && *l) || (r && *r))) return 1;
      if (!l || !r) return std::nullopt;
      switch (b->getOpcode()) {
        case BO_LAnd: return int64_t(*l && *r);
        case BO_LOr: return int64_t(*l || *r);
        case BO_EQ: return int64_t(*l == *r);
        case BO_NE: return int64_t(*l != *r);
        case BO_LT: return int64_t(*l < *r);
        case BO_GT: return int64_t(*l > *r);
        case BO_LE: return int64_t(*l <= *r);
        case BO_GE: return int64_t(*l >= *r);
        case BO_Add: return *l + *r;
        case BO_Sub: return *l - *r;
        case BO_Mul: return *l * *r;
        default: return std::nullopt;
      }
    }
    return std::nullopt;
  }

  ir::SyncNode event(ir::SyncEvent e) {
    e.inlinedAt.assign(callStack_.rbegin(), callStack_.rend());
    ir::SyncNode n;
    n.kind = ir::SyncNode::Kind::Event;
    n.event = std::move(e);
    ++prog_.eventCount;
    return n;
  }
  ir::SyncEvent simple(ir::SyncEventKind kind, const Stmt* at, std::string spelling) const {
    ir::SyncEvent e;
    e.kind = kind;
    e.span = spanOf(at);
    e.spelling = std::move(spelling);
    return e;
  }

  // The accesses of the current call context whose expression lies in `s`, not yet placed.
  // Called on every statement of every inlined call, so the span is computed only when the
  // context still has accesses to place.
  std::vector<int> accessesIn(const Stmt* s) {
    std::vector<int> out;
    if (byContext_.empty()) return out;
    auto it = byContext_.find(contextKeys_.back());
    if (it == byContext_.end()) return out;
    std::optional<ir::SourceSpan> range;
    for (int id : it->second) {
      if (placed_.count(id)) continue;
      if (!range) range = spanOf(s);
      const ir::SourceLoc& b = tu_.accesses[static_cast<size_t>(id)].span.begin;
      if (b.file != range->begin.file || before(b, range->begin) || before(range->end, b)) continue;
      out.push_back(id);
    }
    return out;
  }
  ir::SyncEvent accessEvent(int id) {
    placed_.insert(id);
    const ir::Access& a = tu_.accesses[static_cast<size_t>(id)];
    ir::SyncEvent e;
    e.kind = a.kind == ir::AccessKind::AsyncCopyDst ? ir::SyncEventKind::AsyncCopy
             // An atomic writes the word: what other threads read after it needs a barrier.
             : ir::writesShared(a.kind) ? ir::SyncEventKind::SharedWrite
                                        : ir::SyncEventKind::SharedRead;
    e.span = a.span;
    e.spelling = a.spelling;
    e.access = id;
    e.array = a.array;
    return e;
  }

  void walk(const Stmt* s, ir::SyncNode& seq) {
    if (!s) return;
    if (const auto* cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt* c : cs->body()) walk(c, seq);
      return;
    }
    if (const auto* as = dyn_cast<AttributedStmt>(s)) return walk(as->getSubStmt(), seq);
    if (const auto* ifs = dyn_cast<IfStmt>(s)) {
      if (ifs->getInit()) walk(ifs->getInit(), seq);
      if (ifs->getConditionVariableDeclStmt()) leaf(ifs->getConditionVariableDeclStmt(), seq);
      leaf(ifs->getCond(), seq);
      std::optional<bool> known;
      if (ifs->isConstexpr()) known = ifs->getCond() && constant(ifs->getCond()).value_or(1) != 0;
      else if (const Expr* c = ifs->getCond(); c && !c->isValueDependent()) {
        if (std::optional<bool> v = condition(c)) known = v;
        else if (std::optional<int64_t> f = fold(c)) known = *f != 0;
      }
      // `if (j < n)` inside `for (...; j < n; ...)`: the loop's own test, true in its body.
      if (!known && impliedByEnclosingLoop(ifs->getCond())) known = true;
      if (known) return walk(*known ? ifs->getThen() : ifs->getElse(), seq);
      ir::SyncNode b;
      b.kind = ir::SyncNode::Kind::Branch;
      b.loc = locOf(ifs->getBeginLoc());
      b.conditionText = ifs->getCond() ? textOf(ifs->getCond()) : "";
      b.laneDependent = true;  // refined by the checks from the accesses' predicates when they need it
      b.children.resize(2);
      b.children[0].kind = b.children[1].kind = ir::SyncNode::Kind::Sequence;
      walk(ifs->getThen(), b.children[0]);
      walk(ifs->getElse(), b.children[1]);
      // Nothing on either side (a bounds check around global-memory code): no node, so the
      // checks do not fork their state on it.
      if (b.children[0].children.empty() && b.children[1].children.empty()) return;
      // A branch that orders something (a barrier, a commit or a wait inside) on the innermost
      // counted loop's variable: its value in every iteration (`if (j < ncols - 1) __syncthreads()`).
      bool orders = false;
      ir::forEachEvent(b, [&](const ir::SyncEvent& e) {
        orders |= e.kind != ir::SyncEventKind::SharedRead && e.kind != ir::SyncEventKind::SharedWrite;
      });
      if (orders && !countedLoops_.empty() && ifs->getCond() && mentions(ifs->getCond(), countedLoops_.back().var)) {
        const CountedLoop& l = countedLoops_.back();
        std::vector<bool> perIteration;
        for (int64_t i = 0; i < l.trips; ++i) {
          loopValues_[l.var] = l.init + i * l.step;
          std::optional<int64_t> v = fold(ifs->getCond());
          if (!v) {
            perIteration.clear();
            break;
          }
          perIteration.push_back(*v != 0);
        }
        loopValues_.erase(l.var);
        if (!perIteration.empty() && std::all_of(perIteration.begin(), perIteration.end(), [&](bool v) { return v == perIteration[0]; })) {
          for (ir::SyncNode& c : b.children[perIteration[0] ? 0 : 1].children) seq.children.push_back(std::move(c));
          return;
        }
        if (!perIteration.empty()) {
          b.iterationLoop = l.loc;
          b.perIteration = std::move(perIteration);
        }
      }
      seq.children.push_back(std::move(b));
      return;
    }
    if (const auto* f = dyn_cast<ForStmt>(s)) {
      if (f->getInit()) walk(f->getInit(), seq);
      ir::SyncNode loop = loopNode(f);
      loop.tripCount = tripCount(f);
      if (f->getCond()) leaf(f->getCond(), loop.children[0]);
      if (f->getCond()) loopConditions_.push_back(f->getCond());
      std::optional<CountedLoop> counted = countedLoop(f);
      if (counted) {
        counted->loc = loop.loc;
        countedLoops_.push_back(*counted);
      }
      walk(f->getBody(), loop.children[0]);
      if (counted) countedLoops_.pop_back();
      if (f->getCond()) loopConditions_.pop_back();
      if (f->getInc()) leaf(f->getInc(), loop.children[0]);
      seq.children.push_back(std::move(loop));
      return;
    }
    if (const auto* w = dyn_cast<WhileStmt>(s)) {
      ir::SyncNode loop = loopNode(w);
      if (w->getConditionVariableDeclStmt()) leaf(w->getConditionVariableDeclStmt(), loop.children[0]);
      leaf(w->getCond(), loop.children[0]);
      walk(w->getBody(), loop.children[0]);
      seq.children.push_back(std::move(loop));
      return;
    }
    if (const auto* d = dyn_cast<DoStmt>(s)) {
      ir::SyncNode loop = loopNode(d);
      walk(d->getBody(), loop.children[0]);
      leaf(d->getCond(), loop.children[0]);
      seq.children.push_back(std::move(loop));
      return;
    }
    if (const auto* r = dyn_cast<CXXForRangeStmt>(s)) {
      ir::SyncNode loop = loopNode(r);
      if (const VarDecl* v = r->getLoopVariable()) loop.loopVar = v->getNameAsString();
      walk(r->getBody(), loop.children[0]);
      seq.children.push_back(std::move(loop));
      return;
    }
    if (const auto* sw = dyn_cast<SwitchStmt>(s)) {
      // Every case walked in turn (as the walker does); a barrier or wait inside makes the order
      // unknown.
      const size_t eventsBefore = prog_.eventCount;
      ir::SyncNode body;
      body.kind = ir::SyncNode::Kind::Sequence;
      leaf(sw->getCond(), seq);
      walk(sw->getBody(), body);
      bool hasSync = false;
      ir::forEachEvent(body, [&](const ir::SyncEvent& e) {
        hasSync |= e.kind != ir::SyncEventKind::SharedRead && e.kind != ir::SyncEventKind::SharedWrite;
      });
      if (hasSync && prog_.eventCount > eventsBefore) incomplete("synchronization inside the switch at line " + std::to_string(locOf(sw->getBeginLoc()).line));
      for (ir::SyncNode& c : body.children) seq.children.push_back(std::move(c));
      return;
    }
    if (const auto* c = dyn_cast<SwitchCase>(s)) return walk(c->getSubStmt(), seq);
    if (const auto* l = dyn_cast<LabelStmt>(s)) return walk(l->getSubStmt(), seq);
    if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) {
      incomplete("goto at line " + std::to_string(locOf(s->getBeginLoc()).line));
      return;
    }
    if (const auto* r = dyn_cast<ReturnStmt>(s)) {
      if (r->getRetValue()) leaf(r->getRetValue(), seq);
      return;
    }
    if (isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<NullStmt>(s)) return;
    leaf(s, seq);
  }

  // Whether `e` reads the variable `var`.
  static bool mentions(const Stmt* e, const ValueDecl* var) {
    if (!e) return false;
    if (const auto* ref = dyn_cast<DeclRefExpr>(e); ref && ref->getDecl() == var) return true;
    for (const Stmt* c : e->children())
      if (mentions(c, var)) return true;
    return false;
  }

  // Whether `cond` is, structurally, the test of an enclosing `for` loop (evaluated before each
  // iteration of the body, so true inside it).
  bool impliedByEnclosingLoop(const Expr* cond) const {
    if (!cond) return false;
    llvm::FoldingSetNodeID id;
    cond->IgnoreParenImpCasts()->Profile(id, ctx_, /*Canonical=*/true);
    for (const Expr* c : loopConditions_) {
      llvm::FoldingSetNodeID other;
      c->IgnoreParenImpCasts()->Profile(other, ctx_, /*Canonical=*/true);
      if (id == other) return true;
    }
    return false;
  }

  ir::SyncNode loopNode(const Stmt* s) {
    ir::SyncNode loop;
    loop.kind = ir::SyncNode::Kind::Loop;
    loop.loc = locOf(s->getBeginLoc());
    loop.children.resize(1);
    loop.children[0].kind = ir::SyncNode::Kind::Sequence;
    return loop;
  }

  // A loop whose variable takes known values: init + i * step for i < trips (at most 64).
  struct CountedLoop {
    const ValueDecl* var = nullptr;
    int64_t init = 0, step = 0, trips = 0;
    ir::SourceLoc loc;
  };
  std::optional<CountedLoop> countedLoop(const ForStmt* f) {
    std::optional<CountedLoop> l = readCountedFor(f);
    if (!l || l->trips <= 0 || l->trips > 64 || !dyn_cast_or_null<DeclStmt>(f->getInit())) return std::nullopt;
    // The body must not write the variable itself.
    bool written = false;
    std::function<void(const Stmt*)> scan = [&](const Stmt* s) {
      if (!s || written) return;
      const Expr* target = nullptr;
      if (const auto* bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) target = bo->getLHS();
      if (const auto* uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
      if (const auto* ref = target ? dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts()) : nullptr; ref && ref->getDecl() == l->var)
        written = true;
      for (const Stmt* c : s->children()) scan(c);
    };
    scan(f->getBody());
    if (written) return std::nullopt;
    return l;
  }

  std::optional<int64_t> tripCount(const ForStmt* f) {
    std::optional<CountedLoop> l = readCountedFor(f);
    return l ? std::optional<int64_t>(l->trips) : std::nullopt;
  }

  // `for (int i = a; i < b; i += c)` with constant a, b, c (template arguments, constexpr): the
  // variable, its start and step, and the number of iterations.
  std::optional<CountedLoop> readCountedFor(const ForStmt* f) {
    const VarDecl* var = nullptr;
    std::optional<int64_t> init;
    if (const auto* ds = dyn_cast_or_null<DeclStmt>(f->getInit()); ds && ds->isSingleDecl()) {
      var = dyn_cast<VarDecl>(ds->getSingleDecl());
      if (var && var->getInit()) init = constant(var->getInit());
    } else if (const auto* b = dyn_cast_or_null<BinaryOperator>(f->getInit()); b && b->getOpcode() == BO_Assign) {
      if (const auto* ref = dyn_cast<DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts())) var = dyn_cast<VarDecl>(ref->getDecl());
      init = constant(b->getRHS());
    }
    if (!var || !init) return std::nullopt;
    const auto isVar = [&](const Expr* e) {
      const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
      return ref && ref->getDecl() == var;
    };
    const auto* cond = dyn_cast_or_null<BinaryOperator>(f->getCond() ? f->getCond()->IgnoreParenImpCasts() : nullptr);
    if (!cond || !isVar(cond->getLHS())) return std::nullopt;
    std::optional<int64_t> bound = constant(cond->getRHS());
    if (!bound) return std::nullopt;
    int64_t step = 0;
    const Expr* inc = f->getInc() ? f->getInc()->IgnoreParenImpCasts() : nullptr;
    if (const auto* u = dyn_cast_or_null<UnaryOperator>(inc); u && isVar(u->getSubExpr()))
      step = u->isIncrementOp() ? 1 : u->isDecrementOp() ? -1 : 0;
    else if (const auto* c = dyn_cast_or_null<CompoundAssignOperator>(inc); c && isVar(c->getLHS())) {
      std::optional<int64_t> amount = constant(c->getRHS());
      if (amount) step = c->getOpcode() == BO_AddAssign ? *amount : c->getOpcode() == BO_SubAssign ? -*amount : 0;
    }
    if (step == 0) return std::nullopt;
    int64_t count = 0;
    switch (cond->getOpcode()) {
      case BO_LT: count = step > 0 && *bound > *init ? (*bound - *init + step - 1) / step : 0; break;
      case BO_LE: count = step > 0 && *bound >= *init ? (*bound - *init) / step + 1 : 0; break;
      case BO_GT: count = step < 0 && *init > *bound ? (*init - *bound - step - 1) / -step : 0; break;
      case BO_GE: count = step < 0 && *init >= *bound ? (*init - *bound) / -step + 1 : 0; break;
      case BO_NE:
        if ((*bound - *init) % step != 0 || (*bound - *init) / step < 0) return std::nullopt;
        count = (*bound - *init) / step;
        break;
      default: return std::nullopt;
    }
    return CountedLoop{var, *init, step, count, {}};
  }

  // Calls in `s`, arguments before the call (the order they run), not inside lambda bodies.
  void collectCalls(const Stmt* s, std::vector<const CallExpr*>& out) {
    if (!s || isa<LambdaExpr>(s)) return;
    for (const Stmt* c : s->children()) collectCalls(c, out);
    if (const auto* call = dyn_cast<CallExpr>(s)) out.push_back(call);
  }

  // An expression or other simple statement: its accesses and the calls in it, in order.
  void leaf(const Stmt* s, ir::SyncNode& seq) {
    if (!s) return;
    if (const auto* a = dyn_cast<GCCAsmStmt>(s)) return asmStmt(a, seq);
    std::vector<int> ids = accessesIn(s);
    // Reads first (operands are read before the call or the store that uses them); copies are
    // placed by the call that issues them.
    for (int id : ids)
      if (tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::Load ||
          tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::MatrixLoad)
        seq.children.push_back(event(accessEvent(id)));
    std::vector<const CallExpr*> calls;
    collectCalls(s, calls);
    for (const CallExpr* c : calls) call(c, seq);
    for (int id : ids)
      if (!placed_.count(id)) seq.children.push_back(event(accessEvent(id)));
  }

  void asmStmt(const GCCAsmStmt* a, ir::SyncNode& seq) {
    const std::string text = a->getAsmString()->getString().str();
    std::vector<int> copies;
    std::vector<int> others;
    for (int id : accessesIn(a))
      (tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::AsyncCopyDst ? copies : others).push_back(id);
    size_t nextCopy = 0;
    const auto operandValue = [&](int n) -> std::optional<int64_t> {
      const unsigned outs = a->getNumOutputs();
      if (n < 0) return std::nullopt;
      const unsigned u = static_cast<unsigned>(n);
      if (u < outs) return std::nullopt;
      if (u - outs >= a->getNumInputs()) return std::nullopt;
      return constant(a->getInputExpr(u - outs));
    };
    std::vector<SyncPtxOp> ops = recognizeSyncPtx(text);
    // ld/st.shared and ldmatrix in the same statement: before the synchronization in it (an asm
    // statement mixing both is rare).
    for (int id : others) seq.children.push_back(event(accessEvent(id)));
    for (const SyncPtxOp& op : ops) {
      switch (op.kind) {
        case SyncPtxOp::Kind::AsyncCopy:
          if (nextCopy < copies.size()) {
            seq.children.push_back(event(accessEvent(copies[nextCopy++])));
          } else {
            seq.children.push_back(event(simple(ir::SyncEventKind::AsyncCopy, a, op.spelling)));
          }
          break;
        case SyncPtxOp::Kind::Commit:
          seq.children.push_back(event(simple(ir::SyncEventKind::Commit, a, op.spelling)));
          break;
        case SyncPtxOp::Kind::WaitGroup: {
          ir::SyncEvent e = simple(ir::SyncEventKind::Wait, a, op.spelling);
          std::optional<int64_t> n = op.operand >= 0 ? operandValue(op.operand) : std::optional<int64_t>(op.value);
          e.waitGroups = n ? static_cast<int>(*n) : -1;
          if (n) e.spelling = "cp.async.wait_group " + std::to_string(*n);
          seq.children.push_back(event(std::move(e)));
          break;
        }
        case SyncPtxOp::Kind::WaitAll: {
          ir::SyncEvent e = simple(ir::SyncEventKind::Wait, a, op.spelling);
          e.all = true;
          e.waitGroups = 0;
          seq.children.push_back(event(std::move(e)));
          break;
        }
        case SyncPtxOp::Kind::Barrier: {
          ir::SyncEvent e = simple(ir::SyncEventKind::Barrier, a, op.spelling);
          std::optional<int64_t> id = op.operand >= 0 ? operandValue(op.operand) : std::optional<int64_t>(op.value);
          e.barrier = (id && *id == 0 && !op.threadCount) ? ir::BarrierKind::Block : ir::BarrierKind::Named;
          e.spelling = op.spelling + " " + (id ? std::to_string(*id) : std::string("?")) + (op.threadCount ? ", <count>" : "");
          seq.children.push_back(event(std::move(e)));
          break;
        }
      }
    }
    for (; nextCopy < copies.size(); ++nextCopy) seq.children.push_back(event(accessEvent(copies[nextCopy])));
  }

  // The copy a call issues: the destination access the walker recorded inside the call, or an
  // event without an array when it recorded none.
  void copyCall(const CallExpr* c, ir::SyncNode& seq, const std::string& spelling, bool commitsItself) {
    bool found = false;
    for (int id : accessesIn(c))
      if (tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::AsyncCopyDst) {
        ir::SyncEvent e = accessEvent(id);
        e.commitsItself = commitsItself;
        seq.children.push_back(event(std::move(e)));
        found = true;
      }
    if (!found) {
      ir::SyncEvent e = simple(ir::SyncEventKind::AsyncCopy, c, spelling);
      e.commitsItself = commitsItself;
      seq.children.push_back(event(std::move(e)));
    }
  }

  static std::string typeName(QualType t) { return t.getNonReferenceType().getUnqualifiedType().getAsString(); }

  // A cuda::pipeline<thread_scope_block> (the prelude's thread_scope: block = 2), whose stages
  // are barriers in shared memory that every producer arrives on.
  static bool blockScopePipeline(const CXXMemberCallExpr* member) {
    const Expr* object = member ? member->getImplicitObjectArgument() : nullptr;
    const auto* spec = object ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                    object->getType().getNonReferenceType()->getAsCXXRecordDecl())
                              : nullptr;
    if (!spec || spec->getName() != "pipeline" || spec->getTemplateArgs().size() != 1) return false;
    const TemplateArgument& scope = spec->getTemplateArgs()[0];
    return scope.getKind() == TemplateArgument::Integral && scope.getAsIntegral() == 2;
  }

  // The names of the functions recognizeSynchronization knows (what else it asks of a call, its
  // namespace or its object's type, is only asked of these).
  static bool isSynchronizationName(const FunctionDecl* fn) {
    if (!fn->getIdentifier()) return false;
    return llvm::StringSwitch<bool>(fn->getName())
        .Cases("__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", "__syncwarp", true)
        .Cases("sync", "memcpy_async", "wait", "wait_prior", "arrive_and_wait", true)
        .Case("barrier_wait", true)
        .Cases("__pipeline_memcpy_async", "__pipeline_commit", "__pipeline_wait_prior", true)
        .Cases("producer_commit", "commit", "pipeline_producer_commit", true)
        .Cases("consumer_wait", "consumer_wait_for", "consumer_wait_until", "pipeline_consumer_wait_prior", true)
        .Default(false);
  }

  // Whether walking `def`'s body can add nothing to the program: it makes no synchronization
  // call, holds no asm and no goto, and neither does anything it calls (a recursive call counts
  // as something). Kept per function, for every instance: CuTe's tutorial calls thousands of
  // such helpers, many times each.
  bool eventFree(const FunctionDecl* def) {
    if (auto it = eventFree_.find(def); it != eventFree_.end()) return it->second;
    eventFree_[def] = false;  // while it is being decided: a call back into it is not free
    const bool free = eventFreeStmt(def->getBody());
    eventFree_[def] = free;
    return free;
  }
  bool eventFreeStmt(const Stmt* s) {
    if (!s) return true;
    if (isa<AsmStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return false;
    if (const auto* c = dyn_cast<CallExpr>(s))
      if (const FunctionDecl* fn = c->getDirectCallee()) {
        if (isSynchronizationName(fn) || synchronizesBlock(fn)) return false;
        const FunctionDecl* def = fn->getDefinition();
        if (def && def->hasBody() && !sm_.isInSystemHeader(sm_.getFileLoc(def->getLocation())) && !eventFree(def)) return false;
      }
    for (const Stmt* child : s->children())
      if (!eventFreeStmt(child)) return false;
    return true;
  }

  void call(const CallExpr* c, ir::SyncNode& seq) {
    const FunctionDecl* fn = c->getDirectCallee();
    if (!fn) return;
    if (isSynchronizationName(fn) || synchronizesBlock(fn)) {
      bool handled = true;
      recognizeSynchronization(c, fn, seq, handled);
      if (handled) return;
    }
    followCall(c, fn, seq);
  }

  // A call of the CUDA synchronization and asynchronous-copy APIs: its event (`handled` false
  // when the call is none of them after all, such as a `wait` of another class).
  void recognizeSynchronization(const CallExpr* c, const FunctionDecl* fn, ir::SyncNode& seq, bool& handled) {
    const std::string name = fn->getNameAsString();
    const auto* member = dyn_cast<CXXMemberCallExpr>(c);
    // A static method called on an object (`block.sync()`, static in thread_block) is a plain
    // call of a member expression: the object is its base.
    const auto* staticOnObject = member ? nullptr : dyn_cast<MemberExpr>(c->getCallee()->IgnoreParenImpCasts());
    const bool onObject = member || staticOnObject;
    const std::string objectType = member && member->getImplicitObjectArgument()
                                       ? typeName(member->getImplicitObjectArgument()->getType())
                                   : staticOnObject ? typeName(staticOnObject->getBase()->getType())
                                                    : std::string();
    const auto wait = [&](int n, bool all, bool oldest, bool synchronizes, std::string spelling) {
      ir::SyncEvent e = simple(ir::SyncEventKind::Wait, c, std::move(spelling));
      e.waitGroups = n;
      e.all = all;
      e.oldest = oldest;
      e.synchronizes = synchronizes;
      seq.children.push_back(event(std::move(e)));
    };
    const auto barrier = [&](ir::BarrierKind k, std::string spelling) {
      ir::SyncEvent e = simple(ir::SyncEventKind::Barrier, c, std::move(spelling));
      e.barrier = k;
      seq.children.push_back(event(std::move(e)));
    };
    const auto templateArg = [&]() -> int {
      if (const TemplateArgumentList* args = fn->getTemplateSpecializationArgs())
        for (const TemplateArgument& a : args->asArray())
          if (a.getKind() == TemplateArgument::Integral) return static_cast<int>(a.getAsIntegral().getExtValue());
      return -1;
    };
    // Barriers.
    if (synchronizesBlock(fn)) return barrier(ir::BarrierKind::Block, fn->getQualifiedNameAsString() + "() (it synchronizes the block)");
    if (name == "__syncthreads" || name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or")
      return barrier(ir::BarrierKind::Block, name + "()");
    if (name == "__syncwarp") return barrier(ir::BarrierKind::Warp, "__syncwarp()");
    // A group that holds the whole block: the block, the cluster, the grid (not a tile or a
    // coalesced group of one warp).
    const auto wholeBlock = [](const std::string& t) {
      return (t.find("thread_block") != std::string::npos || t.find("grid_group") != std::string::npos ||
              t.find("cluster_group") != std::string::npos) &&
             t.find("tile") == std::string::npos;
    };
    if (inNamespace(fn, "cooperative_groups")) {
      const bool block = wholeBlock(objectType);
      if (name == "sync" && onObject) return barrier(block ? ir::BarrierKind::Block : ir::BarrierKind::Warp, "group.sync()");
      if (name == "sync" && c->getNumArgs() == 1) {
        return barrier(wholeBlock(typeName(c->getArg(0)->getType())) ? ir::BarrierKind::Block : ir::BarrierKind::Warp,
                       "cooperative_groups::sync()");
      }
      // The split barrier (CUDA 12+): the wait completes what barrier_arrive() began; the
      // arrival alone orders nothing.
      if (name == "barrier_wait" && onObject && block) return barrier(ir::BarrierKind::Block, "group.barrier_wait()");
      if (name == "memcpy_async") return copyCall(c, seq, "cooperative_groups::memcpy_async", true);
      if (name == "wait" || name == "wait_prior") {
        const bool b = c->getNumArgs() && wholeBlock(typeName(c->getArg(0)->getType()));
        return wait(name == "wait" ? 0 : templateArg(), name == "wait", false, b, "cooperative_groups::" + name);
      }
    }
    if (name == "arrive_and_wait" && objectType.find("barrier") != std::string::npos)
      return barrier(ir::BarrierKind::Block, "barrier.arrive_and_wait()");
    // The pipeline primitives and cuda::pipeline.
    if (name == "__pipeline_memcpy_async") return copyCall(c, seq, "__pipeline_memcpy_async", false);
    if (name == "__pipeline_commit") {
      seq.children.push_back(event(simple(ir::SyncEventKind::Commit, c, "__pipeline_commit()")));
      return;
    }
    if (name == "__pipeline_wait_prior") {
      std::optional<int64_t> n = c->getNumArgs() ? constant(c->getArg(0)) : std::nullopt;
      return wait(n ? static_cast<int>(*n) : -1, false, false, false,
                  "__pipeline_wait_prior(" + (n ? std::to_string(*n) : std::string("?")) + ")");
    }
    if (name == "memcpy_async" && c->getNumArgs() &&
        typeName(c->getArg(c->getNumArgs() - 1)->getType()).find("barrier") != std::string::npos) {
      // Completed through a cuda::barrier (its arrive_and_wait), not through cp.async groups: the
      // copy is not an event (and its access is not a plain write either).
      for (int id : accessesIn(c))
        if (tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::AsyncCopyDst) placed_.insert(id);
      return;
    }
    if (name == "memcpy_async" && (inNamespace(fn, "cuda") || inNamespace(fn, "experimental"))) {
      // With a cuda::barrier the copies complete through the barrier, not through groups.
      const std::string last = c->getNumArgs() ? typeName(c->getArg(c->getNumArgs() - 1)->getType()) : "";
      if (last.find("pipeline") == std::string::npos) {
        // Not a cp.async group: the copy is not an event (its access is not a plain write either).
        for (int id : accessesIn(c))
          if (tu_.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::AsyncCopyDst) placed_.insert(id);
        return;
      }
      return copyCall(c, seq, "cuda::memcpy_async", false);
    }
    if ((name == "producer_commit" || name == "commit") && objectType.find("pipeline") != std::string::npos) {
      seq.children.push_back(event(simple(ir::SyncEventKind::Commit, c, "pipeline." + name + "()")));
      return;
    }
    if (name == "pipeline_producer_commit" && inNamespace(fn, "cuda")) {
      seq.children.push_back(event(simple(ir::SyncEventKind::Commit, c, "cuda::pipeline_producer_commit()")));
      return;
    }
    if ((name == "consumer_wait" || name == "consumer_wait_for" || name == "consumer_wait_until") &&
        objectType.find("pipeline") != std::string::npos) {
      wait(-1, false, true, false, "pipeline." + name + "()");
      seq.children.back().event.completesForAll = blockScopePipeline(member);
      return;
    }
    if (name == "pipeline_consumer_wait_prior" && inNamespace(fn, "cuda"))
      return wait(templateArg(), false, false, false, "cuda::pipeline_consumer_wait_prior<" + std::to_string(templateArg()) + ">()");
    if ((name == "wait_prior" || name == "wait") && objectType.find("pipeline") != std::string::npos) {
      std::optional<int64_t> n = name == "wait" && c->getNumArgs() ? constant(c->getArg(0)) : std::nullopt;
      return wait(name == "wait_prior" ? templateArg() : (n ? static_cast<int>(*n) : -1), false, false, false, "pipeline." + name + "()");
    }
    handled = false;
  }

  // A device function with a body: followed, as the walker inlines it, unless following it can
  // add nothing (no access was inlined through this call, and nothing it calls synchronizes).
  void followCall(const CallExpr* c, const FunctionDecl* fn, ir::SyncNode& seq) {
    const FunctionDecl* def = fn->getDefinition();
    if (!def || !def->hasBody()) return;
    if (sm_.isInSystemHeader(sm_.getFileLoc(def->getLocation()))) return;
    const ir::SourceLoc site = locOf(c->getExprLoc());
    std::string calleeKey = contextKeys_.back() + locKey(site) + "|";
    if (!contextsWithAccesses_.count(calleeKey) && eventFree(def)) return;
    const std::string name = fn->getNameAsString();
    for (const FunctionDecl* f : functions_)
      if (f == def) {
        incomplete("recursive call to '" + name + "'");
        return;
      }
    if (functions_.size() >= kMaxCallDepth) {
      incomplete("calls nested too deeply at '" + name + "'");
      return;
    }
    // Arguments that are constants here (a `bool final_sync = false` default, a literal) decide
    // the callee's branches on them, as the walker's inlining does.
    std::map<const ParmVarDecl*, int64_t> bound;
    if (!isa<CXXOperatorCallExpr>(c) && c->getNumArgs() == def->getNumParams())
      for (unsigned i = 0; i < c->getNumArgs(); ++i)
        if (def->getParamDecl(i)->getType()->isIntegralOrEnumerationType())
          if (std::optional<int64_t> v = fold(c->getArg(i))) bound[def->getParamDecl(i)] = *v;
    callStack_.push_back(site);
    contextKeys_.push_back(std::move(calleeKey));
    functions_.push_back(def);
    bindings_.push_back(std::move(bound));
    walk(def->getBody(), seq);
    bindings_.pop_back();
    functions_.pop_back();
    contextKeys_.pop_back();
    callStack_.pop_back();
  }

  // ---- after the walk ----

  struct StageOf {
    ir::ExprRef value;
    std::string text;
  };
  // An expression as text, a loop's iteration number named by its induction variable when the
  // variable counts 0, 1, 2 ...
  std::string readable(const ir::ExprRef& e) const {
    const ir::KernelInstance& k = tu_.kernels[static_cast<size_t>(instance_)];
    return ir::toString(ir::substituteSymbols(e, [&](int id) -> ir::ExprRef {
      const ir::Symbol& sym = k.symbols[static_cast<size_t>(id)];
      if (sym.kind != ir::SymbolKind::LoopIteration || sym.loop < 0) return nullptr;
      const ir::Loop& l = k.loops[static_cast<size_t>(sym.loop)];
      if (l.inductionVar.empty() || !l.inductionValue || l.inductionValue->kind != ir::ExprKind::Symbol || l.inductionValue->symbol != id)
        return nullptr;
      return ir::makeSymbol(id, l.inductionVar, ir::IntType::int32());
    }));
  }

  // The stage index of an access to a multi-dimensional array: its outermost subscript, or the
  // uniform part of its byte offset divided by the bytes of one stage.
  std::optional<StageOf> stageOf(const ir::Access& a, const ir::SharedArray& arr) const {
    if (a.indexing && !a.indexing->indices.empty() && a.indexing->indices[0]) {
      StageOf s{a.indexing->indices[0], a.indexing->texts.empty() ? "" : a.indexing->texts[0]};
      if (s.value->lanesVary() || ir::findUnknown(s.value)) return std::nullopt;
      if (s.text.empty()) s.text = readable(s.value);
      return s;
    }
    if (!a.byteOffset || ir::findUnknown(a.byteOffset)) return std::nullopt;
    const ir::ExprRef u = uniformPart(a.byteOffset);
    if (!u) return std::nullopt;
    const int64_t stageBytes = static_cast<int64_t>(arr.sizeBytes / arr.dims[0]);
    StageOf s;
    int64_t factor = 0;
    ir::ExprRef v = u;
    while (v->kind == ir::ExprKind::Cast && v->a) v = v->a;
    if (v->kind == ir::ExprKind::Binary && v->binaryOp == ir::BinaryOp::Mul && ir::isConst(v->b, &factor) && factor == stageBytes)
      s.value = v->a;  // `stage * bytes of a stage`: the stage itself
    else
      s.value = ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(u, ir::IntType::int64()), ir::makeConst(stageBytes, ir::IntType::int64()),
                               ir::IntType::int64());
    s.text = readable(s.value);
    return s;
  }

  void markStages() {
    // Arrays whose outermost dimension of 2..8 is indexed, by every event's access, with a value
    // all lanes agree on.
    std::map<int, bool> staged;
    std::map<int, StageOf> stageOfAccess;
    ir::forEachEvent(prog_.root, [&](const ir::SyncEvent& e) {
      if (e.access < 0 || e.array < 0) return;
      const ir::SharedArray& arr = tu_.array(e.array);
      bool ok = arr.dims.size() >= 2 && arr.dims[0] >= 2 && arr.dims[0] <= 8 && arr.sizeBytes > 0;
      if (ok) {
        std::optional<StageOf> s = stageOf(tu_.accesses[static_cast<size_t>(e.access)], arr);
        ok = s.has_value();
        if (s) stageOfAccess[e.access] = *s;
      }
      auto [it, inserted] = staged.emplace(e.array, ok);
      if (!inserted) it->second = it->second && ok;
    });
    setStages(prog_.root, staged, stageOfAccess);
  }
  void setStages(ir::SyncNode& n, const std::map<int, bool>& staged, const std::map<int, StageOf>& stages) {
    if (n.kind == ir::SyncNode::Kind::Event) {
      auto it = staged.find(n.event.array);
      if (n.event.access >= 0 && it != staged.end() && it->second) {
        const StageOf& s = stages.at(n.event.access);
        n.event.stage = s.value;
        n.event.stageText = s.text;
      }
      return;
    }
    for (ir::SyncNode& c : n.children) setStages(c, staged, stages);
    if (n.kind == ir::SyncNode::Kind::Loop) {
      // The walker's loop for this statement: the one an access inside lists with this location.
      ir::forEachEvent(n, [&](const ir::SyncEvent& e) {
        if (n.loop >= 0 || e.access < 0) return;
        for (int id : tu_.accesses[static_cast<size_t>(e.access)].loops) {
          const ir::Loop& l = tu_.kernels[static_cast<size_t>(instance_)].loops[static_cast<size_t>(id)];
          if (l.loc.line == n.loc.line && l.loc.column == n.loc.column && l.loc.file == n.loc.file) {
            n.loop = id;
            if (n.loopVar.empty()) n.loopVar = l.inductionVar;
          }
        }
      });
    }
  }

  // Returns whether `n` qualifies as a tiled main loop (fills, reads and synchronization) or holds one.
  struct Contents {
    bool fills = false, reads = false, sync = false, holdsMain = false;
  };
  Contents markMainLoops(ir::SyncNode& n) {
    Contents c;
    if (n.kind == ir::SyncNode::Kind::Event) {
      const ir::SyncEventKind k = n.event.kind;
      c.fills = k == ir::SyncEventKind::AsyncCopy || k == ir::SyncEventKind::SharedWrite;
      c.reads = k == ir::SyncEventKind::SharedRead;
      c.sync = k == ir::SyncEventKind::Barrier || k == ir::SyncEventKind::Wait;
      return c;
    }
    for (ir::SyncNode& child : n.children) {
      Contents cc = markMainLoops(child);
      c.fills |= cc.fills;
      c.reads |= cc.reads;
      c.sync |= cc.sync;
      c.holdsMain |= cc.holdsMain;
    }
    if (n.kind == ir::SyncNode::Kind::Loop && c.fills && c.reads && c.sync && !c.holdsMain) {
      n.mainLoop = true;
      c.holdsMain = true;
    }
    return c;
  }

  ASTContext& ctx_;
  std::vector<const Expr*> loopConditions_;  // tests of the enclosing `for` loops, innermost last
  std::vector<CountedLoop> countedLoops_;    // enclosing `for` loops with known iterations
  mutable llvm::DenseMap<const Expr*, std::optional<int64_t>> constants_;
  mutable llvm::DenseMap<const Expr*, std::optional<bool>> conditions_;
  std::map<const ValueDecl*, int64_t> loopValues_;  // a counted loop's variable, while a condition is folded
  const SourceManager& sm_;
  ir::TranslationUnit& tu_;
  int instance_;
  std::map<std::string, std::vector<int>> byContext_;
  llvm::StringSet<> contextsWithAccesses_;  // every key of byContext_ and each of its call-site prefixes
  llvm::DenseMap<const FunctionDecl*, bool>& eventFree_;
  std::set<int> placed_;
  std::vector<ir::SourceLoc> callStack_;
  std::vector<std::string> contextKeys_;  // the key of byContext_ for each depth of callStack_
  std::vector<const FunctionDecl*> functions_;
  std::vector<std::map<const ParmVarDecl*, int64_t>> bindings_;
  ir::SyncProgram prog_;
};
}  // namespace

SyncEventExtractor::SyncEventExtractor(ASTContext& ctx, ir::TranslationUnit& tu)
    : ctx_(ctx), tu_(tu), accessesOf_(tu.kernels.size()) {
  for (const ir::Access& a : tu_.accesses)
    if (a.kernelInstance >= 0 && static_cast<size_t>(a.kernelInstance) < accessesOf_.size())
      accessesOf_[static_cast<size_t>(a.kernelInstance)].push_back(a.id);
}

void SyncEventExtractor::extract(int instance, const FunctionDecl* kernel) {
  if (!kernel || !kernel->getBody()) return;
  Extractor x(ctx_, tu_, instance, accessesOf_[static_cast<size_t>(instance)], eventFree_);
  tu_.kernels[static_cast<size_t>(instance)].syncEvents = std::make_shared<const ir::SyncProgram>(x.run(kernel));
}

}  // namespace bankcheck::frontend
