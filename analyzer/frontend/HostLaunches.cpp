#include "frontend/HostLaunches.h"

#include <functional>
#include <map>
#include <optional>

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "frontend/HostEnvironment.h"
#include "frontend/HostValue.h"
#include "frontend/LoopAnalysis.h"
#include "frontend/ObjectWrites.h"
#include "frontend/SourceLocations.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {

constexpr int kMaxCallDepth = 12;
constexpr uint64_t kStepBudget = 3'000'000;  // statements and expressions interpreted per file
constexpr int kMaxInlinesPerFunction = 2000;
constexpr unsigned kSmallFunctionStatements = 24;

// What each function body contains, to find the functions that lead to a launch.
struct FunctionFacts {
  bool launches = false;  // a `<<<>>>`, a cudaLaunchKernel*, or a kernel's address
  std::vector<const FunctionDecl*> callees;
  // Functions named other than as a call's callee (`benchmark(10, launcher, args...)`): the code
  // handed them may call them.
  std::vector<const FunctionDecl*> handedOn;
  bool callsThroughPointers = false;  // `launcher(args...)` with a function parameter
};

bool isKernel(const FunctionDecl* fd) { return fd && fd->hasAttr<CUDAGlobalAttr>(); }

bool isLaunchApi(llvm::StringRef name) {
  return name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel" || name == "cudaLaunchKernelEx" ||
         name == "cudaLaunchKernelExC";
}

class FactsCollector : public RecursiveASTVisitor<FactsCollector> {
 public:
  explicit FactsCollector(FunctionFacts& facts) : facts_(facts) {}
  bool shouldVisitImplicitCode() const { return true; }
  // What a type spells (`decltype(f(x))`, an array bound) is not run: only expressions matter.
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr*) {
    facts_.launches = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    const auto* fd = dyn_cast<FunctionDecl>(e->getDecl());
    if (isKernel(fd)) facts_.launches = true;
    const FunctionDecl* def = nullptr;
    if (fd && !callees_.count(e) && fd->hasBody(def) && def) facts_.handedOn.push_back(def);
    return true;
  }
  bool VisitCallExpr(CallExpr* e) {
    if (const auto* ref = dyn_cast<DeclRefExpr>(e->getCallee()->IgnoreParenImpCasts())) callees_.insert(ref);
    if (!e->getDirectCallee() && !isa<CUDAKernelCallExpr>(e)) facts_.callsThroughPointers = true;
    if (const FunctionDecl* fd = e->getDirectCallee()) {
      if (fd->getIdentifier() && isLaunchApi(fd->getName())) facts_.launches = true;
      const FunctionDecl* def = nullptr;
      if (fd->hasBody(def) && def) facts_.callees.push_back(def);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* e) {
    const FunctionDecl* def = nullptr;
    if (e->getConstructor()->hasBody(def) && def) facts_.callees.push_back(def);
    return true;
  }

 private:
  FunctionFacts& facts_;
  llvm::SmallPtrSet<const DeclRefExpr*, 8> callees_;  // the callee of a call, not a function handed on
};

using Env = HostEnvironment;

// Consumes the environments, at least one (the first becomes the result). A value both paths
// inherited unchanged (the same stored value) is kept as it is.
Env joinEnvs(std::vector<Env>&& envs) {
  Env out = std::move(envs.front());
  for (size_t i = 1; i < envs.size(); ++i)
    envs[i].forEach([&](const ValueDecl* decl, const HostValue& v) {
      const HostValue* mine = out.find(decl);
      if (mine == &v) return;
      if (mine) out.set(decl, join(*mine, v));
      else out.setFrom(envs[i], decl);
    });
  return out;
}

// The path falling through so far (if any) joined with one more.
Env joinPaths(std::optional<Env>&& current, Env&& next) {
  if (!current) return std::move(next);
  std::vector<Env> both;
  both.push_back(std::move(*current));
  both.push_back(std::move(next));
  return joinEnvs(std::move(both));
}

// An lvalue the interpreter can write: a tracked variable (or `this`), and a path of fields.
struct Place {
  const ValueDecl* root = nullptr;
  std::vector<std::string> path;
  std::string problem;  // when not trackable
};

class Interpreter {
 public:
  Interpreter(ASTContext& ctx, const HostAnalysisOptions& options) : ctx_(ctx), options_(options) {}

  void run(const std::vector<const FunctionDecl*>& functions) {
    llvm::DenseMap<const FunctionDecl*, FunctionFacts> facts;
    for (const FunctionDecl* fn : functions) {
      FunctionFacts f;
      FactsCollector(f).TraverseStmt(const_cast<Stmt*>(fn->getBody()));
      facts[fn] = std::move(f);
    }
    // Relevant: leads to a launch through its calls, or hands on a function that does (to a
    // helper that calls it through a pointer: a benchmarking loop around a launcher, which is then
    // relevant too, when any relevant function is handed on anywhere).
    bool changed = true;
    bool relevantHandedOn = false;
    while (changed) {
      changed = false;
      for (const FunctionDecl* fn : functions) {
        FunctionFacts& f = facts[fn];
        for (const FunctionDecl* h : f.handedOn) relevantHandedOn = relevantHandedOn || relevant_.count(h);
        if (relevant_.count(fn)) continue;
        bool r = f.launches || (f.callsThroughPointers && relevantHandedOn);
        for (const FunctionDecl* c : f.callees) r = r || relevant_.count(c);
        for (const FunctionDecl* h : f.handedOn) r = r || relevant_.count(h);
        if (r) {
          relevant_.insert(fn);
          changed = true;
        }
      }
    }
    llvm::DenseSet<const FunctionDecl*> called;
    for (const FunctionDecl* fn : functions)
      if (relevant_.count(fn)) {
        for (const FunctionDecl* c : facts[fn].callees)
          if (c != fn) called.insert(c);
        for (const FunctionDecl* h : facts[fn].handedOn)
          if (h != fn) called.insert(h);
      }
    for (const FunctionDecl* fn : functions)
      if (relevant_.count(fn) && !called.count(fn)) runRoot(fn);
    // Relevant functions no root reached (called only from code not followed): on their own.
    for (const FunctionDecl* fn : functions)
      if (relevant_.count(fn) && !interpreted_.count(fn)) runRoot(fn);
  }

  std::vector<HostLaunch> launches;

 private:
  // ---- functions ----
  void runRoot(const FunctionDecl* fn) {
    Env env(store_);
    for (const ParmVarDecl* p : fn->parameters())
      env.set(p, HostValue::unknownBecause("parameter '" + p->getNameAsString() + "' of '" + fn->getNameAsString() +
                                           "', which no code in this file calls with known values"));
    if (const auto* md = dyn_cast<CXXMethodDecl>(fn); md && md->isInstance())
      env.set(fn, HostValue::unknownBecause("a member of an object this file does not construct"));
    HostValue ignored;
    callFunction(fn, env, ignored);
  }

  // Runs `fn`'s body in `env` (parameters already bound); returns false when it cannot.
  bool callFunction(const FunctionDecl* fn, Env& env, HostValue& result) {
    const Stmt* body = fn->getBody();
    if (!body) return false;
    if (std::find(stack_.begin(), stack_.end(), fn) != stack_.end() || stack_.size() >= kMaxCallDepth) return false;
    if (++inlines_[fn] > kMaxInlinesPerFunction || exhausted()) return false;
    interpreted_.insert(fn);
    stack_.push_back(fn);
    returns_.emplace_back();
    exitEnvs_.emplace_back();
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(fn)) runInitializers(ctor, env);
    const bool fallsThrough = exec(body, env);
    std::vector<Env> exits = std::move(exitEnvs_.back());
    if (fallsThrough) exits.push_back(env);
    result = returns_.back();
    if (!result.hasKnown() && !result.unknown) result = HostValue::unknownBecause("'" + fn->getNameAsString() + "' returns nothing known");
    exitEnvs_.pop_back();
    returns_.pop_back();
    stack_.pop_back();
    if (!exits.empty()) env = joinEnvs(std::move(exits));
    return true;
  }

  void runInitializers(const CXXConstructorDecl* ctor, Env& env) {
    for (const CXXCtorInitializer* init : ctor->inits()) {
      if (!init->isMemberInitializer() || !init->getMember()) continue;
      HostValue v = eval(init->getInit(), env);
      env.set(ctor, env.get(ctor).withField(init->getMember()->getNameAsString(), v));
    }
  }

  bool exhausted() const { return steps_ > kStepBudget; }

  // A function of a few statements: worth following for its result.
  bool isSmall(const FunctionDecl* fn) {
    auto it = smallness_.find(fn);
    if (it != smallness_.end()) return it->second;
    unsigned count = 0;
    std::function<void(const Stmt*)> countStmts = [&](const Stmt* s) {
      if (!s || count > kSmallFunctionStatements) return;
      if (!isa<Expr>(s)) ++count;
      for (const Stmt* c : s->children()) countStmts(c);
    };
    countStmts(fn->getBody());
    return smallness_[fn] = count <= kSmallFunctionStatements;
  }

  // ---- statements: false when the path ends (return, break, continue) ----
  bool exec(const Stmt* s, Env& env) {
    if (!s) return true;
    if (++steps_ > kStepBudget) return false;
    if (const auto* cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt* c : cs->body())
        if (!exec(c, env)) return false;
      return true;
    }
    if (const auto* ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl* d : ds->decls())
        if (const auto* vd = dyn_cast<VarDecl>(d)) declare(vd, env);
      return true;
    }
    if (const auto* is = dyn_cast<IfStmt>(s)) return execIf(is, env);
    if (const auto* ss = dyn_cast<SwitchStmt>(s)) return execSwitch(ss, env);
    if (const auto* fs = dyn_cast<ForStmt>(s)) {
      exec(fs->getInit(), env);
      return execLoop(fs, fs->getCond(), fs->getBody(), fs->getInc(), env);
    }
    if (const auto* ws = dyn_cast<WhileStmt>(s)) return execLoop(ws, ws->getCond(), ws->getBody(), nullptr, env);
    if (const auto* dstmt = dyn_cast<DoStmt>(s)) {
      // `do { ... } while (0)`, the body of most checking macros, runs once.
      Expr::EvalResult r;
      if (dstmt->getCond()->EvaluateAsInt(r, ctx_) && r.Val.getInt() == 0) {
        breakTargets_.emplace_back();
        const bool alive = exec(dstmt->getBody(), env);
        std::vector<Env> exits = std::move(breakTargets_.back());
        breakTargets_.pop_back();
        if (alive) exits.push_back(env);
        if (exits.empty()) return false;
        env = joinEnvs(std::move(exits));
        return true;
      }
      return execLoop(dstmt, dstmt->getCond(), dstmt->getBody(), nullptr, env);
    }
    if (const auto* rf = dyn_cast<CXXForRangeStmt>(s)) return execRangeFor(rf, env);
    if (const auto* rs = dyn_cast<ReturnStmt>(s)) {
      HostValue v = rs->getRetValue() ? eval(rs->getRetValue(), env) : HostValue{};
      returns_.back() = join(returns_.back(), v);
      exitEnvs_.back().push_back(env);
      return false;
    }
    if (isa<BreakStmt>(s)) {
      if (!breakTargets_.empty()) breakTargets_.back().push_back(env);
      return false;
    }
    if (isa<ContinueStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return false;
    if (const auto* ls = dyn_cast<LabelStmt>(s)) return exec(ls->getSubStmt(), env);
    if (const auto* as = dyn_cast<AttributedStmt>(s)) return exec(as->getSubStmt(), env);
    if (const auto* ts = dyn_cast<CXXTryStmt>(s)) return exec(ts->getTryBlock(), env);
    if (const auto* e = dyn_cast<Expr>(s)) {
      eval(e, env);
      return true;
    }
    return true;
  }

  void declare(const VarDecl* vd, Env& env) {
    const Expr* init = vd->getInit();
    if (vd->getType()->isReferenceType()) {
      if (!init) return;
      Place p = placeOf(init, env);
      if (p.root) {
        HostValue ref;
        ref.pointee = p.root;
        ref.pointeePath = p.path;
        env.set(vd, ref);
        references_.insert(vd);
      } else {
        env.set(vd, eval(init, env));  // bound to a temporary
      }
      return;
    }
    if (init) env.set(vd, eval(init, env));
    else if (vd->getType()->isRecordType()) env.set(vd, defaultRecord(vd->getType()));
    else env.set(vd, HostValue::unknownBecause("'" + vd->getNameAsString() + "' is not initialized"));
  }

  // A default-constructed object: its default member initializers, the rest not initialized.
  HostValue defaultRecord(QualType t) {
    std::map<std::string, HostValue> fields;
    if (const auto* rd = t->getAsCXXRecordDecl())
      for (const FieldDecl* f : rd->fields()) {
        Env none(store_);
        fields[f->getNameAsString()] = f->getInClassInitializer()
                                           ? eval(f->getInClassInitializer(), none)
                                           : HostValue::unknownBecause("'" + f->getNameAsString() + "' is not initialized");
      }
    return HostValue::record(std::move(fields));
  }

  bool execIf(const IfStmt* is, Env& env) {
    exec(is->getInit(), env);
    if (const VarDecl* cv = is->getConditionVariable()) declare(cv, env);
    const HostValue cond = eval(is->getCond(), env);
    const bool canBeTrue = mayBe(cond, true), canBeFalse = mayBe(cond, false);
    // Copy the environment only when both paths are taken.
    Env thenEnv(store_), elseEnv(store_);
    if (canBeTrue && canBeFalse) thenEnv = env;
    else if (canBeTrue) thenEnv = std::move(env);
    if (canBeFalse) elseEnv = std::move(env);
    bool thenAlive = false, elseAlive = false;
    if (canBeTrue) {
      refine(is->getCond(), true, thenEnv);
      thenAlive = exec(is->getThen(), thenEnv);
    }
    if (canBeFalse) {
      refine(is->getCond(), false, elseEnv);
      elseAlive = is->getElse() ? exec(is->getElse(), elseEnv) : true;
    }
    std::vector<Env> alive;
    if (thenAlive) alive.push_back(std::move(thenEnv));
    if (elseAlive) alive.push_back(std::move(elseEnv));
    if (alive.empty()) return false;
    env = joinEnvs(std::move(alive));
    return true;
  }

  // On this path `var` is `value`: so is every copy of it made earlier.
  static void bindEverywhere(Env& env, const VarDecl* var, const HostValue& value) {
    env.set(var, value);
    std::vector<std::pair<const ValueDecl*, HostValue>> bound;
    env.forEach([&](const ValueDecl* decl, const HostValue& v) {
      if (decl == var || (v.origin != var && !v.fields)) return;
      HostValue b = bindOrigin(v, var, value);
      if (v.origin == var || b.fields != v.fields) bound.emplace_back(decl, std::move(b));
    });
    for (auto& [decl, v] : bound) env.set(decl, std::move(v));
  }

  static bool mayBe(const HostValue& cond, bool truth) {
    if (cond.unknown || cond.ints.empty()) return true;
    for (int64_t v : cond.ints)
      if ((v != 0) == truth) return true;
    return false;
  }

  // On the path where `cond` is `truth`, keep only the values of each variable it tests that
  // can make it so (`n == 16`, `threads >= 128 && threads < 512`, `!use_big`).
  void refine(const Expr* cond, bool truth, Env& env) {
    // `n == 16` binds n on the path where it holds, even when n was not known before.
    if (const auto* bo = dyn_cast<BinaryOperator>(cond->IgnoreParenImpCasts())) {
      if ((bo->getOpcode() == BO_EQ && truth) || (bo->getOpcode() == BO_NE && !truth)) {
        for (int side = 0; side < 2; ++side) {
          const VarDecl* v = referencedVar(side ? bo->getRHS() : bo->getLHS());
          Expr::EvalResult r;
          const Expr* other = side ? bo->getLHS() : bo->getRHS();
          if (v && !references_.count(v) && other->EvaluateAsInt(r, ctx_))
            bindEverywhere(env, v, HostValue::integer(r.Val.getInt().getExtValue()));
        }
      }
      if (bo->getOpcode() == BO_LAnd && truth) {
        refine(bo->getLHS(), true, env);
        refine(bo->getRHS(), true, env);
      }
      if (bo->getOpcode() == BO_LOr && !truth) {
        refine(bo->getLHS(), false, env);
        refine(bo->getRHS(), false, env);
      }
    }
    llvm::SmallPtrSet<const VarDecl*, 4> vars;
    collectVars(cond, vars);
    for (const VarDecl* v : vars) {
      const HostValue* known = env.find(v);
      if (!known || known->unknown || known->ints.size() < 2) continue;
      std::vector<int64_t> kept;
      for (int64_t value : known->ints) {
        Env trial = env;
        trial.set(v, HostValue::integer(value));
        if (mayBe(eval(cond, trial), truth)) kept.push_back(value);
      }
      if (!kept.empty()) {
        HostValue narrowed = *known;
        narrowed.ints = std::move(kept);
        env.set(v, std::move(narrowed));
      }
    }
  }

  static void collectVars(const Stmt* s, llvm::SmallPtrSetImpl<const VarDecl*>& out) {
    if (!s) return;
    if (const VarDecl* v = referencedVar(dyn_cast<Expr>(s))) {
      out.insert(v);
      return;
    }
    for (const Stmt* c : s->children()) collectVars(c, out);
  }

  bool execSwitch(const SwitchStmt* ss, Env& env) {
    exec(ss->getInit(), env);
    if (const VarDecl* cv = ss->getConditionVariable()) declare(cv, env);
    const Expr* condExpr = ss->getCond();
    const HostValue cond = eval(condExpr, env);
    const VarDecl* condVar = referencedVar(condExpr);
    const Env entry = env;
    std::vector<int64_t> caseValues;
    bool hasDefault = false;
    breakTargets_.emplace_back();
    std::optional<Env> current;  // the path falling through to the next statement
    const auto* body = dyn_cast_or_null<CompoundStmt>(ss->getBody());
    std::vector<const Stmt*> stmts;
    if (body) stmts.assign(body->body_begin(), body->body_end());
    else if (ss->getBody()) stmts.push_back(ss->getBody());
    for (const Stmt* s : stmts) {
      // Case labels nest: `case 1: case 2: stmt`.
      while (true) {
        if (const auto* cs = dyn_cast<CaseStmt>(s)) {
          Expr::EvalResult r;
          if (cs->getLHS()->EvaluateAsInt(r, ctx_)) {
            const int64_t value = r.Val.getInt().getExtValue();
            caseValues.push_back(value);
            if (cond.unknown || std::find(cond.ints.begin(), cond.ints.end(), value) != cond.ints.end()) {
              Env caseEnv = entry;
              if (condVar) bindEverywhere(caseEnv, condVar, HostValue::integer(value));
              current = joinPaths(std::move(current), std::move(caseEnv));
            }
          }
          s = cs->getSubStmt();
          continue;
        }
        if (const auto* ds = dyn_cast<DefaultStmt>(s)) {
          hasDefault = true;
          Env caseEnv = entry;
          if (condVar && !cond.unknown) {
            std::vector<int64_t> rest;
            for (int64_t v : cond.ints)
              if (std::find(caseValues.begin(), caseValues.end(), v) == caseValues.end()) rest.push_back(v);
            // Case labels after `default:` are not excluded; only earlier ones are known here.
            if (!rest.empty()) {
              HostValue r;
              r.ints = rest;
              caseEnv.set(condVar, r);
            }
          }
          current = joinPaths(std::move(current), std::move(caseEnv));
          s = ds->getSubStmt();
          continue;
        }
        break;
      }
      if (!current) continue;  // unreachable code between cases
      if (!exec(s, *current)) current.reset();
    }
    std::vector<Env> exits = std::move(breakTargets_.back());
    breakTargets_.pop_back();
    if (current) exits.push_back(*current);
    if (!hasDefault) exits.push_back(entry);
    if (exits.empty()) return false;
    env = joinEnvs(std::move(exits));
    return true;
  }

  // The values a counted loop's variable takes: `for (int b = 32; b <= 1024; b *= 2)`.
  std::optional<HostValue> inductionValues(const Stmt* loop, const Expr* cond, const Expr* inc, Env& env) {
    const auto* fs = dyn_cast<ForStmt>(loop);
    if (!fs || !cond || !inc) return std::nullopt;
    std::optional<InductionStep> step = findInductionStep(inc);
    if (!step) return std::nullopt;
    const HostValue* start = env.find(step->var);
    if (!start || !start->exact() || start->ints.size() != 1) return std::nullopt;
    int64_t amount = 1;
    if (step->amount) {
      HostValue a = eval(step->amount, env);
      if (!a.exact() || a.ints.size() != 1) return std::nullopt;
      amount = a.ints.front();
    }
    HostValue values;
    int64_t v = start->ints.front();
    for (size_t n = 0; n <= HostValue::kMaxValues; ++n) {
      Env trial = env;
      trial.set(step->var, HostValue::integer(v));
      HostValue c = eval(cond, trial);
      if (!c.exact()) return std::nullopt;
      if (!mayBe(c, true)) return values;
      if (mayBe(c, false)) return std::nullopt;
      values = join(values, HostValue::integer(v));
      switch (step->kind) {
        case StepKind::Add: v += amount; break;
        case StepKind::Sub: v -= amount; break;
        case StepKind::Mul: v *= amount; break;
        case StepKind::Shl: v <<= amount; break;
        case StepKind::Shr: v >>= amount; break;
        case StepKind::Div: if (amount == 0) return std::nullopt; v /= amount; break;
      }
    }
    return std::nullopt;  // more iterations than a launch shape set holds
  }

  bool execLoop(const Stmt* loop, const Expr* cond, const Stmt* body, const Expr* inc, Env& env) {
    llvm::SmallPtrSet<const VarDecl*, 8> modified;
    collectModifiedVars(loop, modified);
    std::optional<HostValue> induction = inductionValues(loop, cond, inc, env);
    const std::string why = "changes in the loop at " + fileLineOf(ctx_.getSourceManager(), loop->getBeginLoc());
    Env bodyEnv = env;
    for (const VarDecl* v : modified) bodyEnv.set(v, HostValue::unknownBecause("'" + v->getNameAsString() + "' " + why));
    if (induction) {
      if (std::optional<InductionStep> step = findInductionStep(inc)) bodyEnv.set(step->var, *induction);
    }
    if (cond) eval(cond, bodyEnv);
    breakTargets_.emplace_back();
    exec(body, bodyEnv);
    breakTargets_.pop_back();
    for (const VarDecl* v : modified) env.set(v, HostValue::unknownBecause("'" + v->getNameAsString() + "' " + why));
    return true;
  }

  bool execRangeFor(const CXXForRangeStmt* rf, Env& env) {
    const VarDecl* loopVar = rf->getLoopVariable();
    HostValue elements;
    const Expr* range = rf->getRangeInit();
    HostValue r = range ? eval(range, env) : HostValue::unknownBecause("range not followed");
    if (r.isRecord()) {
      for (const auto& [k, v] : *r.fields) elements = join(elements, v);
    } else {
      elements = HostValue::unknownBecause("the range of the loop at " + fileLineOf(ctx_.getSourceManager(), rf->getBeginLoc()) +
                                           " is not a list of constants");
    }
    llvm::SmallPtrSet<const VarDecl*, 8> modified;
    collectModifiedVars(rf->getBody(), modified);
    Env bodyEnv = env;
    for (const VarDecl* v : modified) bodyEnv.set(v, HostValue::unknownBecause("'" + v->getNameAsString() + "' changes in a loop"));
    if (loopVar) bodyEnv.set(loopVar, elements);
    breakTargets_.emplace_back();
    exec(rf->getBody(), bodyEnv);
    breakTargets_.pop_back();
    for (const VarDecl* v : modified) env.set(v, HostValue::unknownBecause("'" + v->getNameAsString() + "' changes in a loop"));
    return true;
  }

  // ---- lvalues ----
  Place placeOf(const Expr* e, Env& env) {
    e = e->IgnoreParenImpCasts();
    if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
      const auto* vd = dyn_cast<VarDecl>(dre->getDecl());
      if (!vd) return Place{nullptr, {}, "not a variable"};
      if (references_.count(vd)) {
        const HostValue* ref = env.find(vd);
        if (ref && ref->pointee) return Place{ref->pointee, ref->pointeePath, ""};
      }
      if (!vd->hasLocalStorage()) return Place{nullptr, {}, "'" + vd->getNameAsString() + "' is a global variable"};
      return Place{vd, {}, ""};
    }
    if (const auto* me = dyn_cast<MemberExpr>(e)) {
      Place base;
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) {
        base = thisPlace(env);
      } else if (me->isArrow()) {
        HostValue p = eval(me->getBase(), env);
        if (!p.pointee) return Place{nullptr, {}, "a pointer the host analysis does not follow"};
        base = Place{p.pointee, p.pointeePath, ""};
      } else {
        base = placeOf(me->getBase(), env);
      }
      if (!base.root) return base;
      base.path.push_back(me->getMemberDecl()->getNameAsString());
      return base;
    }
    if (const auto* uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref) {
      HostValue p = eval(uo->getSubExpr(), env);
      if (!p.pointee) return Place{nullptr, {}, "a pointer the host analysis does not follow"};
      return Place{p.pointee, p.pointeePath, ""};
    }
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      Place base = placeOf(as->getBase(), env);
      HostValue idx = eval(as->getIdx(), env);
      if (!base.root) return base;
      if (!idx.exact() || idx.ints.size() != 1) return Place{nullptr, {}, "an element whose index is not known"};
      base.path.push_back(std::to_string(idx.ints.front()));
      return base;
    }
    if (isa<CXXThisExpr>(e)) return thisPlace(env);
    return Place{nullptr, {}, "an lvalue the host analysis does not follow"};
  }

  Place thisPlace(Env& env) {
    if (stack_.empty()) return Place{nullptr, {}, "'this' outside a member function"};
    const FunctionDecl* fn = stack_.back();
    const HostValue* self = env.find(fn);
    if (self && self->pointee) return Place{self->pointee, self->pointeePath, ""};
    return Place{fn, {}, ""};  // a constructor's own object
  }

  HostValue read(const Place& p, Env& env) {
    const HostValue* v = env.find(p.root);
    if (!v) return HostValue::unknownBecause("'" + (p.root ? p.root->getNameAsString() : std::string("?")) + "' is not known here");
    return v->at(p.path);
  }

  void write(const Place& p, HostValue v, Env& env) {
    if (!p.root) return;
    if (p.path.empty()) {
      env.set(p.root, std::move(v));
      return;
    }
    env.set(p.root, env.get(p.root).withAt(p.path, std::move(v)));
  }

  // A call the analysis does not follow might write through an argument passed by non-const
  // reference or pointer: forget what is known of that variable.
  void invalidateArguments(const FunctionDecl* fd, llvm::ArrayRef<const Expr*> args, const std::string& why, Env& env) {
    for (unsigned i = 0; i < args.size(); ++i) {
      QualType t = fd && i < fd->getNumParams() ? fd->getParamDecl(i)->getType() : args[i]->getType();
      const bool mayWrite = (t->isReferenceType() && !t.getNonReferenceType().isConstQualified()) ||
                            (t->isPointerType() && !t->getPointeeType().isConstQualified());
      if (mayWrite) invalidateThrough(args[i], why, env);
    }
  }

  void invalidateThrough(const Expr* arg, const std::string& why, Env& env) {
    const Expr* e = arg->IgnoreParenImpCasts();
    if (const auto* uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf) e = uo->getSubExpr();
    Place p = placeOf(e, env);
    if (p.root && env.contains(p.root)) write(p, HostValue::unknownBecause(why), env);
  }

  // ---- expressions ----
  // Whether `e` is an integer constant, as clang's evaluator says; it does not depend on the
  // context, so it is asked once per expression, not once per call context that reaches it.
  std::optional<int64_t> constantValue(const Expr* e) {
    auto [it, inserted] = constants_.try_emplace(e);
    if (!inserted) return it->second;
    if (e->getType()->isIntegralOrEnumerationType() && !e->HasSideEffects(ctx_)) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ctx_)) it->second = r.Val.getInt().getExtValue();
    }
    return it->second;
  }

  HostValue eval(const Expr* e, Env& env) {
    if (!e) return HostValue::unknownBecause("no expression");
    ++steps_;
    e = e->IgnoreParens();
    if (const auto* fe = dyn_cast<FullExpr>(e)) return eval(fe->getSubExpr(), env);
    if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e)) return eval(mt->getSubExpr(), env);
    if (const auto* bt = dyn_cast<CXXBindTemporaryExpr>(e)) return eval(bt->getSubExpr(), env);
    if (const auto* da = dyn_cast<CXXDefaultArgExpr>(e)) return eval(da->getExpr(), env);
    if (const auto* il = dyn_cast<CXXStdInitializerListExpr>(e)) return eval(il->getSubExpr(), env);
    if (const auto* di = dyn_cast<CXXDefaultInitExpr>(e)) return eval(di->getExpr(), env);
    // A launch whose kernel arguments did not compile (`a.data_ptr()` of a torch::Tensor whose
    // header is missing) still has its kernel and configuration: Clang keeps the call, marked as
    // containing errors, which makes it value-dependent. A part of the configuration that did not
    // compile (a grid from `a.size(0)`) is unknown in its turn.
    if (const auto* kc = dyn_cast<CUDAKernelCallExpr>(e); kc && kc->containsErrors() && kc->getDirectCallee() && kc->getConfig())
      return evalKernelCall(kc, env);
    if (e->containsErrors()) return HostValue::unknownBecause("computed by code that does not compile here");
    if (e->isValueDependent() || e->isTypeDependent()) return HostValue::unknownBecause("a dependent expression");

    if (std::optional<int64_t> c = constantValue(e)) return HostValue::integer(*c);
    if (const auto* fl = dyn_cast<FloatingLiteral>(e)) {  // a whole number (`2.0f`) is followed exactly
      llvm::APSInt whole(64, false);
      bool isExact = false;
      fl->getValue().convertToInteger(whole, llvm::APFloat::rmTowardZero, &isExact);
      return isExact ? HostValue::integer(whole.getExtValue()) : HostValue::unknownBecause("a floating-point value that is not a whole number");
    }
    if (const auto* dre = dyn_cast<DeclRefExpr>(e)) return evalDeclRef(dre, env);
    if (const auto* ce = dyn_cast<CastExpr>(e)) return evalCast(ce, env);
    if (const auto* uo = dyn_cast<UnaryOperator>(e)) return evalUnary(uo, env);
    if (const auto* bo = dyn_cast<BinaryOperator>(e)) return evalBinary(bo, env);
    if (const auto* co = dyn_cast<ConditionalOperator>(e)) {
      HostValue c = eval(co->getCond(), env);
      const bool t1 = mayBe(c, true), f1 = mayBe(c, false);
      if (t1 && !f1) return eval(co->getTrueExpr(), env);
      if (f1 && !t1) return eval(co->getFalseExpr(), env);
      return join(eval(co->getTrueExpr(), env), eval(co->getFalseExpr(), env));
    }
    if (const auto* kc = dyn_cast<CUDAKernelCallExpr>(e)) return evalKernelCall(kc, env);
    if (const auto* call = dyn_cast<CallExpr>(e)) return evalCall(call, env);
    if (const auto* ctor = dyn_cast<CXXConstructExpr>(e)) return evalConstruct(ctor, env);
    if (const auto* il = dyn_cast<InitListExpr>(e)) return evalInitList(il, env);
    if (const auto* me = dyn_cast<MemberExpr>(e)) {
      if (isa<FunctionDecl>(me->getMemberDecl())) return HostValue::unknownBecause("a member function");
      Place p = placeOf(me, env);
      if (p.root) return read(p, env);
      HostValue base = eval(me->getBase(), env);  // a temporary: `dim3(32, 8).x`, `make_params().block`
      if (me->isArrow()) return HostValue::unknownBecause(p.problem);
      return base.field(me->getMemberDecl()->getNameAsString());
    }
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      HostValue base = eval(as->getBase(), env);
      HostValue idx = eval(as->getIdx(), env);
      if (!base.isRecord()) return HostValue::unknownBecause(base.unknown ? base.reason : "an array the host analysis does not follow");
      if (idx.exact()) {
        HostValue out;
        for (int64_t i : idx.ints) out = join(out, base.field(std::to_string(i)));
        return out;
      }
      // Any element: the value is one of them.
      HostValue out;
      for (const auto& [k, v] : *base.fields) out = join(out, v);
      return out;
    }
    if (isa<CXXNullPtrLiteralExpr>(e) || isa<GNUNullExpr>(e)) return HostValue::integer(0);
    if (isa<CXXThisExpr>(e)) {
      Place p = thisPlace(env);
      HostValue v;
      v.pointee = p.root;
      v.pointeePath = p.path;
      return v;
    }
    if (const auto* ewc = dyn_cast<CXXFunctionalCastExpr>(e)) return eval(ewc->getSubExpr(), env);
    // Anything else: evaluate its parts for the launches inside them, give up on the value.
    for (const Stmt* c : e->children())
      if (const auto* ce = dyn_cast_or_null<Expr>(c)) eval(ce, env);
    return HostValue::unknownBecause(std::string("a ") + e->getStmtClassName() + " the host analysis does not follow");
  }

  HostValue evalDeclRef(const DeclRefExpr* dre, Env& env) {
    const ValueDecl* d = dre->getDecl();
    if (const auto* fd = dyn_cast<FunctionDecl>(d)) return HostValue::function(fd->getCanonicalDecl());
    if (const auto* ec = dyn_cast<EnumConstantDecl>(d)) return HostValue::integer(ec->getInitVal().getExtValue());
    const auto* vd = dyn_cast<VarDecl>(d);
    if (!vd) return HostValue::unknownBecause("'" + d->getNameAsString() + "' is not a variable");
    if (const HostValue* known = env.find(vd)) {
      if (references_.count(vd) && known->pointee) return read(Place{known->pointee, known->pointeePath, ""}, env);
      HostValue v = *known;
      // Remember where a value not yet pinned down came from, so a later test of the variable
      // pins the copy too.
      if (!v.origin && !v.isRecord() && !v.pointee && v.functions.empty() && (v.unknown || v.ints.size() > 1)) v.origin = vd;
      return v;
    }
    if (!vd->hasLocalStorage() && vd->getType().isConstQualified() && vd->getAnyInitializer()) {
      if (globalDepth_ > 4) return HostValue::unknownBecause("constants defined through too many others");
      ++globalDepth_;
      Env none(store_);
      HostValue v = eval(vd->getAnyInitializer(), none);
      --globalDepth_;
      return v;
    }
    if (isa<ParmVarDecl>(vd)) return HostValue::unknownBecause("parameter '" + vd->getNameAsString() + "'");
    if (!vd->hasLocalStorage()) return HostValue::unknownBecause("'" + vd->getNameAsString() + "' is a global variable");
    return HostValue::unknownBecause("'" + vd->getNameAsString() + "' is not known here");
  }

  HostValue wrapTo(HostValue v, QualType t) {
    if (!t->isIntegralOrEnumerationType() || v.ints.empty()) return v;
    const unsigned bits = static_cast<unsigned>(ctx_.getIntWidth(t));
    const bool isSigned = t->isSignedIntegerOrEnumerationType();
    if (bits >= 64) return v;
    std::vector<int64_t> out;
    for (int64_t x : v.ints) {
      uint64_t u = static_cast<uint64_t>(x) & ((uint64_t{1} << bits) - 1);
      int64_t w = static_cast<int64_t>(u);
      if (isSigned && bits > 0 && (u >> (bits - 1)) & 1) w = static_cast<int64_t>(u | ~((uint64_t{1} << bits) - 1));
      if (t->isBooleanType()) w = x != 0;
      if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    }
    std::sort(out.begin(), out.end());
    v.ints = out;
    return v;
  }

  HostValue evalCast(const CastExpr* ce, Env& env) {
    HostValue v = eval(ce->getSubExpr(), env);
    switch (ce->getCastKind()) {
      case CK_IntegralCast: case CK_IntegralToBoolean: case CK_BooleanToSignedIntegral:
        return wrapTo(v, ce->getType());
      case CK_IntegralToFloating:
        for (int64_t x : v.ints)  // past 2^24 a float rounds the integer
          if (!holdsExactly(x, ce->getType())) return HostValue::unknownBecause("an integer a floating-point type rounds");
        return v.exact() ? v : HostValue::unknownBecause("a floating-point value");
      case CK_FloatingToIntegral: case CK_FloatingCast:
        // Floating values are only ever followed as exact whole numbers (wholeFloatingResult).
        return v.exact() ? wrapTo(v, ce->getType()) : HostValue::unknownBecause("a floating-point value");
      default:
        return v;
    }
  }

  HostValue evalUnary(const UnaryOperator* uo, Env& env) {
    const Expr* sub = uo->getSubExpr();
    switch (uo->getOpcode()) {
      case UO_AddrOf: {
        if (const auto* dre = dyn_cast<DeclRefExpr>(sub->IgnoreParenImpCasts()))
          if (const auto* fd = dyn_cast<FunctionDecl>(dre->getDecl())) return HostValue::function(fd->getCanonicalDecl());
        Place p = placeOf(sub, env);
        if (!p.root) return HostValue::unknownBecause(p.problem);
        HostValue v;
        v.pointee = p.root;
        v.pointeePath = p.path;
        return v;
      }
      case UO_Deref: {
        HostValue p = eval(sub, env);
        if (!p.functions.empty()) return p;
        if (!p.pointee) return HostValue::unknownBecause("a pointer the host analysis does not follow");
        return read(Place{p.pointee, p.pointeePath, ""}, env);
      }
      case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec: {
        Place p = placeOf(sub, env);
        HostValue before = p.root ? read(p, env) : HostValue::unknownBecause(p.problem);
        const int64_t delta = uo->isIncrementOp() ? 1 : -1;
        HostValue after = mapInts(before, [&](int64_t x) { return std::optional<int64_t>(x + delta); });
        after = wrapTo(after, sub->getType());
        write(p, after, env);
        return uo->isPrefix() ? after : before;
      }
      case UO_Minus: return wrapTo(mapInts(eval(sub, env), [](int64_t x) { return std::optional<int64_t>(-x); }), uo->getType());
      case UO_Not: return wrapTo(mapInts(eval(sub, env), [](int64_t x) { return std::optional<int64_t>(~x); }), uo->getType());
      case UO_LNot: return mapInts(eval(sub, env), [](int64_t x) { return std::optional<int64_t>(x == 0); });
      case UO_Plus: case UO_Extension: return eval(sub, env);
      default: return HostValue::unknownBecause("a unary operator the host analysis does not follow");
    }
  }

  template <class F>
  static HostValue mapInts(const HostValue& v, F f) {
    HostValue out;
    out.unknown = v.unknown || v.ints.empty();
    out.reason = v.reason.empty() ? "not an integer" : v.reason;
    for (int64_t x : v.ints) {
      std::optional<int64_t> y = f(x);
      if (!y) {
        out.unknown = true;
        out.reason = "undefined arithmetic";
        continue;
      }
      out = join(out, HostValue::integer(*y));
    }
    return out;
  }

  static std::optional<int64_t> applyBinary(BinaryOperatorKind op, int64_t a, int64_t b, bool isUnsigned) {
    const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
    switch (op) {
      case BO_Add: case BO_AddAssign: return static_cast<int64_t>(ua + ub);
      case BO_Sub: case BO_SubAssign: return static_cast<int64_t>(ua - ub);
      case BO_Mul: case BO_MulAssign: return static_cast<int64_t>(ua * ub);
      case BO_Div: case BO_DivAssign:
        if (b == 0) return std::nullopt;
        if (isUnsigned) return static_cast<int64_t>(ua / ub);
        if (a == INT64_MIN && b == -1) return std::nullopt;
        return a / b;
      case BO_Rem: case BO_RemAssign:
        if (b == 0) return std::nullopt;
        if (isUnsigned) return static_cast<int64_t>(ua % ub);
        if (a == INT64_MIN && b == -1) return std::nullopt;
        return a % b;
      case BO_Shl: case BO_ShlAssign: return b < 0 || b >= 64 ? std::nullopt : std::optional<int64_t>(static_cast<int64_t>(ua << b));
      case BO_Shr: case BO_ShrAssign:
        if (b < 0 || b >= 64) return std::nullopt;
        return isUnsigned ? static_cast<int64_t>(ua >> b) : a >> b;
      case BO_And: case BO_AndAssign: return a & b;
      case BO_Or: case BO_OrAssign: return a | b;
      case BO_Xor: case BO_XorAssign: return a ^ b;
      case BO_LT: return isUnsigned ? ua < ub : a < b;
      case BO_GT: return isUnsigned ? ua > ub : a > b;
      case BO_LE: return isUnsigned ? ua <= ub : a <= b;
      case BO_GE: return isUnsigned ? ua >= ub : a >= b;
      case BO_EQ: return a == b;
      case BO_NE: return a != b;
      case BO_LAnd: return (a != 0) && (b != 0);
      case BO_LOr: return (a != 0) || (b != 0);
      default: return std::nullopt;
    }
  }

  // Floating-point values are followed only while they are whole numbers the type holds exactly
  // (`(float)N / Bc` with N a multiple of Bc): then they are integers, and a conversion back to an
  // integer is exact. Anything else is unknown.
  static int64_t exactLimit(QualType type) {
    return type->isSpecificBuiltinType(BuiltinType::Float) ? int64_t{1} << 24 : int64_t{1} << 53;
  }
  // Whether the floating type `type` holds the integer `v` exactly.
  static bool holdsExactly(int64_t v, QualType type) { return v > -exactLimit(type) && v < exactLimit(type); }
  static std::optional<int64_t> wholeFloatingResult(BinaryOperatorKind op, int64_t x, int64_t y, QualType type) {
    const int64_t limit = exactLimit(type);
    const auto exact = [&](int64_t v) { return holdsExactly(v, type); };
    if (!exact(x) || !exact(y)) return std::nullopt;
    std::optional<int64_t> r;
    switch (op) {
      case BO_Add: r = x + y; break;
      case BO_Sub: r = x - y; break;
      case BO_Mul:
        if (x != 0 && (y > limit / std::abs(x) || y < -limit / std::abs(x))) return std::nullopt;
        r = x * y;
        break;
      case BO_Div:
        if (y == 0 || x % y != 0) return std::nullopt;
        r = x / y;
        break;
      case BO_LT: r = x < y; break;
      case BO_GT: r = x > y; break;
      case BO_LE: r = x <= y; break;
      case BO_GE: r = x >= y; break;
      case BO_EQ: r = x == y; break;
      case BO_NE: r = x != y; break;
      default: return std::nullopt;
    }
    return r && exact(*r) ? r : std::nullopt;
  }

  HostValue combine(BinaryOperatorKind op, const HostValue& a, const HostValue& b, QualType operandType, QualType resultType) {
    HostValue out;
    if (a.ints.empty() || b.ints.empty()) return HostValue::unknownBecause(a.ints.empty() ? a.reason : b.reason);
    if (a.ints.size() * b.ints.size() > HostValue::kMaxValues * 4)
      return HostValue::unknownBecause("too many combinations of values");
    const bool isUnsigned = operandType->isUnsignedIntegerOrEnumerationType();
    const bool floating = operandType->isRealFloatingType();
    for (int64_t x : a.ints)
      for (int64_t y : b.ints) {
        if (floating) {
          const std::optional<int64_t> r = wholeFloatingResult(op, x, y, operandType);
          if (!r) return HostValue::unknownBecause("a floating-point value that is not a whole number");
          out = join(out, HostValue::integer(*r));
          continue;
        }
        std::optional<int64_t> r = applyBinary(op, x, y, isUnsigned);
        if (!r) {
          out.unknown = true;
          out.reason = "undefined arithmetic (division by zero or a shift out of range)";
          continue;
        }
        out = join(out, HostValue::integer(*r));
      }
    if (a.unknown || b.unknown) {
      out.unknown = true;
      out.reason = a.unknown ? a.reason : b.reason;
    }
    return wrapTo(out, resultType);
  }

  HostValue evalBinary(const BinaryOperator* bo, Env& env) {
    const BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_Comma) {
      eval(bo->getLHS(), env);
      return eval(bo->getRHS(), env);
    }
    if (op == BO_Assign) {
      HostValue v = eval(bo->getRHS(), env);
      Place p = placeOf(bo->getLHS(), env);
      write(p, v, env);
      return v;
    }
    if (bo->isCompoundAssignmentOp()) {
      HostValue rhs = eval(bo->getRHS(), env);
      Place p = placeOf(bo->getLHS(), env);
      HostValue lhs = p.root ? read(p, env) : HostValue::unknownBecause(p.problem);
      const auto* cao = cast<CompoundAssignOperator>(bo);
      HostValue v = wrapTo(combine(op, lhs, rhs, cao->getComputationLHSType(), cao->getComputationResultType()), bo->getType());
      write(p, v, env);
      return v;
    }
    HostValue a = eval(bo->getLHS(), env);
    HostValue b = eval(bo->getRHS(), env);
    const QualType operand = bo->isComparisonOp() ? bo->getLHS()->getType() : bo->getType();
    return combine(op, a, b, operand, bo->getType());
  }

  HostValue evalInitList(const InitListExpr* il, Env& env) {
    const QualType t = il->getType();
    if (t->isScalarType()) return il->getNumInits() ? eval(il->getInit(0), env) : HostValue::integer(0);
    std::map<std::string, HostValue> fields;
    if (t->isArrayType()) {
      for (unsigned i = 0; i < il->getNumInits(); ++i) fields[std::to_string(i)] = eval(il->getInit(i), env);
      return HostValue::record(std::move(fields));
    }
    const auto* rd = t->getAsCXXRecordDecl();
    if (!rd) return HostValue::unknownBecause("an initializer list the host analysis does not follow");
    unsigned i = 0;
    for (const FieldDecl* f : rd->fields()) {
      const std::string name = f->getNameAsString();
      if (i < il->getNumInits()) {
        const Expr* init = il->getInit(i);
        if (isa<ImplicitValueInitExpr>(init)) fields[name] = f->getType()->isScalarType() ? HostValue::integer(0) : defaultRecord(f->getType());
        else fields[name] = eval(init, env);
      } else {
        fields[name] = f->getType()->isScalarType() ? HostValue::integer(0) : defaultRecord(f->getType());
      }
      ++i;
    }
    return HostValue::record(std::move(fields));
  }

  HostValue evalConstruct(const CXXConstructExpr* ce, Env& env) {
    const CXXConstructorDecl* ctor = ce->getConstructor();
    if ((ctor->isCopyOrMoveConstructor()) && ce->getNumArgs() >= 1) return eval(ce->getArg(0), env);
    const FunctionDecl* def = nullptr;
    if (!ctor->hasBody(def) || !def) {
      if (ctor->isDefaultConstructor()) return defaultRecord(ce->getType());
      for (const Expr* a : ce->arguments()) eval(a, env);
      return HostValue::unknownBecause("a constructor of '" + ce->getType().getAsString() + "' without a body");
    }
    const auto* defCtor = cast<CXXConstructorDecl>(def);
    // A constructor that only initializes members (`dim3(x, y, z) : x(x), y(y), z(z) {}`) is its
    // initializers: followed wherever it is, and no call to count against the limits on following
    // functions, which a file that builds thousands of dim3 reaches.
    const auto* body = dyn_cast_or_null<CompoundStmt>(defCtor->getBody());
    const bool onlyInitializers = body && body->body_empty() && defCtor->getParent()->getNumBases() == 0 &&
                                  !defCtor->isDelegatingConstructor();
    if (!onlyInitializers && !relevant_.count(def) && (!isSmall(def) || helperDepth_ >= 1)) {
      for (const Expr* a : ce->arguments()) eval(a, env);
      return HostValue::unknownBecause("a constructor of '" + ce->getType().getAsString() + "' (not followed)");
    }
    const std::vector<Argument> args = evalArguments(defCtor, llvm::ArrayRef<const Expr*>(ce->getArgs(), ce->getNumArgs()), env);
    Env inner = env;
    inner.set(defCtor, defaultRecord(ce->getType()));
    bindParameters(defCtor, args, inner);
    HostValue ignored;
    if (onlyInitializers) {
      runInitializers(defCtor, inner);
    } else if (!callFunction(defCtor, inner, ignored)) {
      return HostValue::unknownBecause(exhausted() ? "the host analysis reached its budget of steps for this file"
                                                   : "a constructor the host analysis cannot follow (recursive, nested too deep, or followed too often)");
    }
    HostValue self = inner.get(defCtor);
    inner.erase(defCtor);
    keepOuter(env, inner);
    return self;
  }

  // After a call, the caller keeps its own variables as the callee left them (written through
  // references); the callee's locals are dropped.
  static void keepOuter(Env& outer, const Env& after) {
    std::vector<const ValueDecl*> rewritten;
    outer.forEach([&](const ValueDecl* decl, const HostValue& mine) {
      const HostValue* theirs = after.find(decl);
      if (theirs && theirs != &mine) rewritten.push_back(decl);
    });
    for (const ValueDecl* decl : rewritten) outer.setFrom(after, decl);
  }

  // What one argument binds: the place of a variable for a reference parameter, else a value.
  struct Argument {
    Place place;
    HostValue value;
  };

  // Each argument evaluated once, in the caller, in order.
  std::vector<Argument> evalArguments(const FunctionDecl* fn, llvm::ArrayRef<const Expr*> args, Env& env) {
    std::vector<Argument> out(args.size());
    for (unsigned i = 0; i < args.size(); ++i) {
      if (i < fn->getNumParams() && fn->getParamDecl(i)->getType()->isReferenceType()) out[i].place = placeOf(args[i], env);
      if (!out[i].place.root) out[i].value = eval(args[i], env);
    }
    return out;
  }

  void bindParameters(const FunctionDecl* fn, const std::vector<Argument>& args, Env& env) {
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      const ParmVarDecl* p = fn->getParamDecl(i);
      if (i >= args.size()) {
        env.set(p, p->hasDefaultArg() && p->getDefaultArg() ? eval(p->getDefaultArg(), env)
                                                            : HostValue::unknownBecause("parameter '" + p->getNameAsString() + "'"));
        continue;
      }
      if (args[i].place.root) {
        HostValue ref;
        ref.pointee = args[i].place.root;
        ref.pointeePath = args[i].place.path;
        env.set(p, ref);
        references_.insert(p);
      } else {
        env.set(p, args[i].value);
        references_.erase(p);
      }
    }
  }

  HostValue evalKernelCall(const CUDAKernelCallExpr* kc, Env& env) {
    HostValue kernel = kc->getDirectCallee() ? HostValue::function(kc->getDirectCallee()->getCanonicalDecl()) : eval(kc->getCallee(), env);
    const CallExpr* config = kc->getConfig();
    HostValue block = config && config->getNumArgs() >= 2 ? eval(config->getArg(1), env) : HostValue::unknownBecause("no launch configuration");
    const bool smemGiven = config && config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(config->getArg(2));
    HostValue smem = smemGiven ? eval(config->getArg(2), env) : HostValue{};
    recordLaunch(kc, kernel, block, smem, smemGiven);
    for (const Expr* a : kc->arguments()) {
      HostValue v = eval(a, env);
      launches.back().arguments.push_back(v.exact() && v.ints.size() == 1 ? std::optional<int64_t>(v.ints.front()) : std::nullopt);
    }
    return HostValue::unknownBecause("the result of a launch");
  }

  void recordLaunch(const Expr* site, const HostValue& kernel, const HostValue& block, const HostValue& smem, bool smemGiven) {
    HostLaunch l;
    l.site = site;
    for (auto it = callSites_.rbegin(); it != callSites_.rend(); ++it) l.via.push_back(*it);
    for (const FunctionDecl* f : kernel.functions) l.kernels.push_back(f->getCanonicalDecl());
    if (kernel.unknown || kernel.functions.empty())
      l.kernelProblem = kernel.reason.empty() ? "the launched kernel is not known" : kernel.reason;
    blockShapes(block, l.blocks, l.blockProblem);
    if (smemGiven) {
      for (int64_t v : smem.ints)
        if (v >= 0) l.dynamicSmem.push_back(static_cast<uint64_t>(v));
      if (smem.unknown || smem.ints.empty()) l.dynamicSmemProblem = smem.reason;
    }
    launches.push_back(std::move(l));
  }

  static void blockShapes(const HostValue& block, std::vector<std::array<uint64_t, 3>>& out, std::string& problem) {
    std::vector<int64_t> dims[3];
    if (block.isRecord()) {
      const char* names[3] = {"x", "y", "z"};
      for (int i = 0; i < 3; ++i) {
        HostValue d = block.field(names[i]);
        dims[i] = d.ints;
        if ((d.unknown || d.ints.empty()) && problem.empty()) problem = d.reason.empty() ? "not computed" : d.reason;
      }
    } else {
      dims[0] = block.ints;
      dims[1] = dims[2] = {1};
      if ((block.unknown || block.ints.empty()) && problem.empty()) problem = block.reason.empty() ? "not computed" : block.reason;
    }
    if (dims[0].size() * dims[1].size() * dims[2].size() > HostValue::kMaxValues) {
      problem = "more than " + std::to_string(HostValue::kMaxValues) + " possible block shapes";
      return;
    }
    for (int64_t x : dims[0])
      for (int64_t y : dims[1])
        for (int64_t z : dims[2])
          if (x > 0 && y > 0 && z > 0 && x <= 1024 && y <= 1024 && z <= 64 && x * y * z <= 1024)
            out.push_back({static_cast<uint64_t>(x), static_cast<uint64_t>(y), static_cast<uint64_t>(z)});
          else if (problem.empty())
            problem = "a block of " + std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z) +
                      " is not a valid CUDA block";
  }

  // The device properties a query returns for --arch (what the analysis needs of them).
  HostValue deviceProperties() const {
    std::map<std::string, HostValue> f;
    f["major"] = HostValue::integer(options_.computeMajor);
    f["minor"] = HostValue::integer(options_.computeMinor);
    f["warpSize"] = HostValue::integer(32);
    f["maxThreadsPerBlock"] = HostValue::integer(1024);
    return HostValue::record(std::move(f));
  }

  // CUDA runtime calls that launch a kernel or describe the device; nullopt for other calls.
  std::optional<HostValue> evalRuntimeCall(const FunctionDecl* fd, const CallExpr* call, Env& env) {
    if (!fd->getIdentifier()) return std::nullopt;
    const llvm::StringRef name = fd->getName();
    auto arg = [&](unsigned i) -> const Expr* { return i < call->getNumArgs() ? call->getArg(i) : nullptr; };
    if ((name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel") && call->getNumArgs() >= 3) {
      HostValue kernel = eval(arg(0), env);
      HostValue block = eval(arg(2), env);
      const bool smemGiven = arg(4) && !isa<CXXDefaultArgExpr>(arg(4));
      recordLaunch(call, kernel, block, smemGiven ? eval(arg(4), env) : HostValue{}, smemGiven);
      return HostValue::unknownBecause("the result of a launch");
    }
    if ((name == "cudaLaunchKernelEx" || name == "cudaLaunchKernelExC") && call->getNumArgs() >= 2) {
      HostValue config = eval(arg(0), env);
      HostValue cfg = config.pointee ? read(Place{config.pointee, config.pointeePath, ""}, env)
                                     : HostValue::unknownBecause("a launch configuration the host analysis does not follow");
      HostValue kernel = eval(arg(1), env);
      recordLaunch(call, kernel, cfg.field("blockDim"), cfg.field("dynamicSmemBytes"), true);
      return HostValue::unknownBecause("the result of a launch");
    }
    // Rounding a quotient of integers (`ceil((float)N / Bc)`): exact, whatever the quotient.
    if (call->getNumArgs() == 1 && fd->getReturnType()->isRealFloatingType() &&
        llvm::StringSwitch<bool>(name).Cases("ceil", "ceilf", "floor", "floorf", "trunc", "truncf", true).Default(false)) {
      const auto* div = dyn_cast<BinaryOperator>(arg(0)->IgnoreParenImpCasts());
      if (!div || div->getOpcode() != BO_Div || !div->getType()->isRealFloatingType()) {
        HostValue v = eval(arg(0), env);  // a whole number rounds to itself
        return v.exact() ? v : HostValue::unknownBecause("a floating-point value");
      }
      const HostValue num = eval(div->getLHS(), env), den = eval(div->getRHS(), env);
      if (!num.exact() || !den.exact()) return HostValue::unknownBecause("a floating-point value");
      HostValue out;
      for (int64_t x : num.ints)
        for (int64_t y : den.ints) {
          if (y == 0 || !holdsExactly(x, div->getType()) || !holdsExactly(y, div->getType()))
            return HostValue::unknownBecause("a floating-point value");
          int64_t q = x / y;  // truncated toward zero
          const bool inexact = x % y != 0, negative = (x < 0) != (y < 0);
          if (inexact && name.starts_with("ceil") && !negative) ++q;
          if (inexact && name.starts_with("floor") && negative) --q;
          out = join(out, HostValue::integer(q));
        }
      return out;
    }
    if (name == "cudaGetDeviceProperties" || name == "cudaGetDeviceProperties_v2") {
      if (arg(0)) {
        HostValue p = eval(arg(0), env);
        if (p.pointee) write(Place{p.pointee, p.pointeePath, ""}, deviceProperties(), env);
      }
      return HostValue::integer(0);
    }
    if (name == "cudaDeviceGetAttribute" && call->getNumArgs() >= 2) {
      HostValue p = eval(arg(0), env);
      std::string attr;
      if (const auto* dre = dyn_cast<DeclRefExpr>(arg(1)->IgnoreParenImpCasts())) attr = dre->getDecl()->getNameAsString();
      HostValue v = HostValue::unknownBecause("device attribute " + attr);
      if (attr == "cudaDevAttrComputeCapabilityMajor") v = HostValue::integer(options_.computeMajor);
      else if (attr == "cudaDevAttrComputeCapabilityMinor") v = HostValue::integer(options_.computeMinor);
      else if (attr == "cudaDevAttrWarpSize") v = HostValue::integer(32);
      else if (attr == "cudaDevAttrMaxThreadsPerBlock") v = HostValue::integer(1024);
      if (p.pointee) write(Place{p.pointee, p.pointeePath, ""}, v, env);
      return HostValue::integer(0);
    }
    return std::nullopt;
  }

  HostValue evalCall(const CallExpr* call, Env& env) {
    const FunctionDecl* fd = call->getDirectCallee();
    if (!fd) {
      HostValue callee = eval(call->getCallee(), env);
      if (callee.functions.size() == 1) fd = callee.functions.front();
    }
    if (!fd) {
      invalidateArguments(nullptr, llvm::ArrayRef<const Expr*>(call->getArgs(), call->getNumArgs()),
                          "passed to a call the host analysis does not follow", env);
      return HostValue::unknownBecause("the result of a call through a pointer");
    }
    if (std::optional<HostValue> v = evalRuntimeCall(fd, call, env)) return *v;
    // The standard library's casts of a value category (`std::forward<Args>(args)...` in a
    // benchmarking helper that calls the launcher, `std::move(block)`): the argument itself.
    if (isValueCategoryCast(fd) && call->getNumArgs() == 1) return eval(call->getArg(0), env);

    // Implicit copy/move assignment of a record: `block = dim3(32, 8)`.
    if (const auto* md = dyn_cast<CXXMethodDecl>(fd);
        md && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) && !md->isUserProvided() &&
        call->getNumArgs() == 2) {
      HostValue v = eval(call->getArg(1), env);
      write(placeOf(call->getArg(0), env), v, env);
      return v;
    }

    const FunctionDecl* def = nullptr;
    const bool hasBody = fd->hasBody(def) && def;
    // Arguments: member calls have the object as the first argument of an operator call, or as
    // the implicit object of a member call.
    std::vector<const Expr*> argExprs(call->arg_begin(), call->arg_end());
    const Expr* object = nullptr;
    if (const auto* mc = dyn_cast<CXXMemberCallExpr>(call)) object = mc->getImplicitObjectArgument();
    if (isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fd) && !argExprs.empty()) {
      object = argExprs.front();
      argExprs.erase(argExprs.begin());
    }
    const std::vector<Argument> args = evalArguments(fd, argExprs, env);
    if (!hasBody) {
      invalidateArguments(fd, argExprs, "passed to '" + fd->getNameAsString() + "'", env);
      return HostValue::unknownBecause("the result of '" + fd->getNameAsString() + "'");
    }
    // Calls that lead to no launch are followed only for a small function's result (a helper
    // choosing a size from the compute capability), one level deep: following every utility
    // the host code calls would cost more than the parse.
    if (!relevant_.count(def) && (!isSmall(def) || helperDepth_ >= 1)) {
      invalidateArguments(fd, argExprs, "passed to '" + fd->getNameAsString() + "'", env);
      return HostValue::unknownBecause("the result of '" + fd->getNameAsString() + "' (not followed)");
    }
    Env inner = env;
    bindParameters(def, args, inner);
    if (object) {
      Place op = placeOf(object, env);
      if (const auto* mc = dyn_cast<CXXMemberCallExpr>(call); mc && op.root == nullptr) {
        HostValue ptr = eval(object, env);  // `p->f()`: the object a pointer points to
        if (ptr.pointee) op = Place{ptr.pointee, ptr.pointeePath, ""};
      }
      HostValue self;
      self.pointee = op.root;
      self.pointeePath = op.path;
      if (op.root) inner.set(def, self);
      else inner.set(def, HostValue::unknownBecause("an object the host analysis does not follow"));
    }
    callSites_.push_back(call);
    HostValue result;
    const bool helper = !relevant_.count(def);
    helperDepth_ += helper;
    const bool followed = callFunction(def, inner, result);
    helperDepth_ -= helper;
    callSites_.pop_back();
    if (!followed) {
      invalidateArguments(fd, argExprs, "passed to '" + fd->getNameAsString() + "'", env);
      return HostValue::unknownBecause("the result of '" + fd->getNameAsString() + "' (not followed)");
    }
    inner.erase(def);
    keepOuter(env, inner);
    return result;
  }

  ASTContext& ctx_;
  HostAnalysisOptions options_;
  HostEnvironment::Store store_;  // declared before every environment it holds, destroyed after them
  llvm::DenseSet<const FunctionDecl*> relevant_;
  llvm::DenseSet<const FunctionDecl*> interpreted_;
  llvm::DenseMap<const FunctionDecl*, int> inlines_;
  llvm::DenseSet<const ValueDecl*> references_;  // variables bound as references (reads go through)
  std::vector<const FunctionDecl*> stack_;
  std::vector<const Expr*> callSites_;
  std::vector<HostValue> returns_;
  std::vector<std::vector<Env>> exitEnvs_;
  std::vector<std::vector<Env>> breakTargets_;
  uint64_t steps_ = 0;
  llvm::DenseMap<const Expr*, std::optional<int64_t>> constants_;  // constantValue() answers
  int globalDepth_ = 0;
  int helperDepth_ = 0;  // calls being followed that lead to no launch
  llvm::DenseMap<const FunctionDecl*, bool> smallness_;
};

}  // namespace

std::vector<HostLaunch> findHostLaunches(ASTContext& ctx, const std::vector<const FunctionDecl*>& functions,
                                         const HostAnalysisOptions& options) {
  Interpreter interpreter(ctx, options);
  interpreter.run(functions);
  return std::move(interpreter.launches);
}

std::vector<const HostLaunch*> launchesOf(const FunctionDecl* kernel, const std::vector<HostLaunch>& launches) {
  const FunctionDecl* canonical = kernel->getCanonicalDecl();
  std::vector<const HostLaunch*> out;
  for (const HostLaunch& l : launches)
    if (std::find(l.kernels.begin(), l.kernels.end(), canonical) != l.kernels.end()) out.push_back(&l);
  return out;
}

std::string describeLaunch(const SourceManager& sm, const HostLaunch& launch) {
  std::string out = "launch at " + fileLineOf(sm, launch.site->getBeginLoc());
  // The call that chose this launch's values: the innermost call in the file that launches is
  // the informative one (`ggml_cuda_kernel_launch(k<256>, params)` rather than the wrapper's `<<<`).
  const FileID siteFile = sm.getFileID(sm.getFileLoc(launch.site->getBeginLoc()));
  const FileID mainFile = sm.getMainFileID();
  if (siteFile != mainFile)
    for (const Expr* via : launch.via)
      if (sm.getFileID(sm.getFileLoc(via->getBeginLoc())) == mainFile) {
        out += " via " + fileLineOf(sm, via->getBeginLoc());
        break;
      }
  if (siteFile == mainFile && !launch.via.empty()) out += " (called at " + fileLineOf(sm, launch.via.front()->getBeginLoc()) + ")";
  return out;
}

}  // namespace bankcheck::frontend
