#include "frontend/UnwalkedCodeLowering.h"

#include <algorithm>

#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Frontend/CompilerInstance.h"
#include "frontend/LlvmAccesses.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/IR/GlobalVariable.h"

namespace bankcheck::frontend {

namespace {
class ReachableBodies : public clang::RecursiveASTVisitor<ReachableBodies> {
 public:
  std::vector<const clang::FunctionDecl*> run(const clang::FunctionDecl* kernel) {
    std::vector<const clang::FunctionDecl*> order;
    pending_.push_back(kernel);
    visited_.insert(kernel);
    while (!pending_.empty()) {
      const clang::FunctionDecl* fn = pending_.back();
      pending_.pop_back();
      order.push_back(fn);
      if (const clang::Stmt* body = fn->getBody()) TraverseStmt(const_cast<clang::Stmt*>(body));
    }
    return order;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(e->getDecl())) follow(fn);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* e) {
    follow(e->getDirectCallee());
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    follow(e->getConstructor());
    return true;
  }

 private:
  void follow(const clang::FunctionDecl* fn) {
    if (!fn) return;
    const clang::FunctionDecl* def = fn->getDefinition();
    if (def && !def->isDependentContext() && visited_.insert(def).second) pending_.push_back(def);
  }
  std::vector<const clang::FunctionDecl*> pending_;
  llvm::SmallPtrSet<const clang::FunctionDecl*, 32> visited_;
};

// Clang's code generator assumes what it is given compiled. A kernel that reaches, through the
// functions it calls, a declaration Sema rejected or an expression its error recovery kept (a
// RecoveryExpr: code with an error in a device function the kernel calls) is not lowered.
class CompileErrorFinder : public clang::RecursiveASTVisitor<CompileErrorFinder> {
 public:
  bool found = false;

  bool VisitExpr(clang::Expr* e) {
    found |= e->containsErrors();
    return !found;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    found |= e->getDecl()->isInvalidDecl();
    return !found;
  }
  bool VisitDeclStmt(clang::DeclStmt* s) {
    for (const clang::Decl* d : s->decls()) {
      found |= d->isInvalidDecl();
      if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d))
        found |= vd->getType()->containsErrors() || (vd->getType()->isVariablyModifiedType() && !vd->getType()->isDependentType());
    }
    return !found;
  }
};

}  // namespace

std::vector<const clang::FunctionDecl*> reachableBodies(const clang::FunctionDecl* kernel) { return ReachableBodies().run(kernel); }

bool reachesCompileError(const std::vector<const clang::FunctionDecl*>& bodies) {
  CompileErrorFinder finder;
  for (const clang::FunctionDecl* fn : bodies) {
    if (fn->isInvalidDecl()) return true;
    if (const clang::Stmt* body = fn->getBody()) finder.TraverseStmt(const_cast<clang::Stmt*>(body));
    if (finder.found) return true;
  }
  return false;
}

namespace {
// The shared variables whose every use is an argument handed to a function with no body in the
// translation unit (cooperative groups' this_thread_block(scratch), an extern device function):
// the lowered code would show only that call, so such an array is no reason to lower.
class OpaqueArgumentUses : public clang::RecursiveASTVisitor<OpaqueArgumentUses> {
 public:
  llvm::DenseMap<const clang::VarDecl*, int> uses, opaqueUses;

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(e->getDecl())) ++uses[vd];
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* e) {
    const clang::FunctionDecl* callee = e->getDirectCallee();
    if (!callee || callee->getDefinition() || callee->getBuiltinID() != 0) return true;
    if (const clang::FunctionDecl* pattern = callee->getTemplateInstantiationPattern(); pattern && pattern->getDefinition())
      return true;
    for (const clang::Expr* arg : e->arguments()) {
      const clang::Expr* inner = arg->IgnoreParenImpCasts();
      if (const auto* addressOf = llvm::dyn_cast<clang::UnaryOperator>(inner); addressOf && addressOf->getOpcode() == clang::UO_AddrOf)
        inner = addressOf->getSubExpr()->IgnoreParenImpCasts();
      if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(inner))
        if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) ++opaqueUses[vd];
    }
    return true;
  }
  bool onlyOpaque(const clang::VarDecl* vd) const {
    const auto all = uses.find(vd);
    const auto opaque = opaqueUses.find(vd);
    return all != uses.end() && opaque != opaqueUses.end() && opaque->second == all->second;
  }
};

struct Candidate {
  const WalkedKernel* kernel = nullptr;
  std::vector<const clang::VarDecl*> variables;  // every shared array of the kernel
  std::vector<int> ids;                          // their array ids, in the same order
  LoweredKernelRequest request;
};

bool unresolvedAsm(const ir::Unanalyzed& u) {
  return llvm::StringRef(u.what).ends_with("in inline asm") && llvm::StringRef(u.reason).contains("not a known shared address");
}

// The resolved sites are copies of the entries' own locations.
bool sameLine(const ir::SourceLoc& a, const ir::SourceLoc& b) { return a.line == b.line && a.file == b.file; }
}  // namespace

LoweredModule lowerKernelsRecovering(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                                     const std::vector<const clang::FunctionDecl*>& kernels,
                                     const std::vector<std::vector<const clang::VarDecl*>>& variables) {
  // Clang's code generator trusts Sema: on a declaration error recovery let through, it can
  // crash. That costs only this route: the crash is recovered and the code stays "not walked".
  LoweredModule lowered;
  llvm::CrashRecoveryContext recovery;
  if (!recovery.RunSafely([&] { lowered = lowerKernels(ci, ctx, decls, kernels, variables); })) {
    (void)lowered.module.release();  // half-built: not torn down
    (void)lowered.context.release();
    return LoweredModule();
  }
  return lowered;
}

void lowerUnwalkedCode(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                       const std::vector<WalkedKernel>& kernels, ir::TranslationUnit& tu) {
  std::vector<Candidate> candidates;
  for (const WalkedKernel& k : kernels) {
    if (!tu.kernel(k.instance).analyzed || k.decl->isInvalidDecl()) continue;
    Candidate c;
    c.kernel = &k;
    c.request.kernelInstance = k.instance;
    for (const auto& [vd, id] : k.arrays) {
      c.variables.push_back(vd);
      c.ids.push_back(id);
      if (vd->isReferenced() && !tu.hasAccessTo(k.instance, id)) c.request.untrackedArrays.push_back(id);
    }
    // 16-byte cp.async.cg destinations alone do not justify lowering a kernel: the op model has
    // no rule for LDGSTS.BYPASS (they would be found and left unknown, at several times the
    // parse's cost on ggml's flash-attention kernels). They are read when the kernel is lowered
    // anyway. cp.async.ca sites are modelled, and lowered for.
    bool asmWorthLowering = false;
    for (const ir::Unanalyzed& u : tu.unanalyzed)
      if (u.kernel == tu.kernel(k.instance).name && unresolvedAsm(u)) {
        c.request.asmSites.push_back(u.loc);
        asmWorthLowering |= !llvm::StringRef(u.what).starts_with("cp.async.cg");
      }
    if (c.request.untrackedArrays.empty() && !asmWorthLowering) continue;

    // Clang's code generator must not see a declaration Sema rejected.
    bool invalid = false;
    for (const auto& entry : k.arrays) invalid |= entry.first->isInvalidDecl();
    const std::vector<const clang::FunctionDecl*> bodies = reachableBodies(k.decl);
    if (invalid || reachesCompileError(bodies)) continue;
    OpaqueArgumentUses opaque;
    for (const clang::FunctionDecl* fn : bodies)
      if (const clang::Stmt* body = fn->getBody()) opaque.TraverseStmt(const_cast<clang::Stmt*>(body));
    llvm::erase_if(c.request.untrackedArrays, [&](int id) {
      return opaque.onlyOpaque(c.variables[std::find(c.ids.begin(), c.ids.end(), id) - c.ids.begin()]);
    });
    if (c.request.untrackedArrays.empty() && !asmWorthLowering) continue;
    for (const clang::ParmVarDecl* p : k.decl->parameters()) c.request.parameterNames.push_back(p->getNameAsString());
    candidates.push_back(std::move(c));
  }
  if (candidates.empty()) return;

  std::vector<const clang::FunctionDecl*> fns;
  std::vector<std::vector<const clang::VarDecl*>> vars;
  for (const Candidate& c : candidates) {
    fns.push_back(c.kernel->decl);
    vars.push_back(c.variables);
  }
  const LoweredModule lowered = lowerKernelsRecovering(ci, ctx, decls, fns, vars);
  if (!lowered.module) return;

  for (size_t i = 0; i < candidates.size(); ++i) {
    Candidate& c = candidates[i];
    llvm::Function* fn = lowered.module->getFunction(lowered.kernelSymbols[i]);
    if (!fn || fn->isDeclaration()) continue;
    for (size_t v = 0; v < c.variables.size(); ++v)
      if (llvm::GlobalVariable* gv = lowered.module->getNamedGlobal(lowered.arraySymbols[i][v]))
        c.request.arrays[gv] = c.ids[v];
    const LoweredKernelResult r = readLoweredAccesses(*fn, c.request, tu);
    const std::string kernelName = tu.kernel(c.kernel->instance).name;

    // Take off the list what the lowering resolved; say what it could not.
    std::vector<ir::Unanalyzed> kept;
    for (ir::Unanalyzed& u : tu.unanalyzed) {
      bool resolved = false;
      if (u.kernel == kernelName) {
        for (int id : c.request.untrackedArrays) {
          const auto found = r.foundPerArray.find(id);
          if (u.what == "shared array '" + tu.array(id).name + "'" && found != r.foundPerArray.end() && found->second > 0 &&
              !r.unreadPerArray.count(id))
            resolved = true;
        }
        if (unresolvedAsm(u))
          for (const ir::SourceLoc& site : r.resolvedAsmSites) resolved |= sameLine(site, u.loc);
      }
      if (!resolved) kept.push_back(std::move(u));
    }
    tu.unanalyzed = std::move(kept);
    for (const auto& [id, count] : r.unreadPerArray) {
      ir::Unanalyzed u;
      u.loc = tu.array(id).decl.begin;
      u.kernel = kernelName;
      u.what = "shared array '" + tu.array(id).name + "'";
      u.reason = std::to_string(count) + " of its instructions in the optimized code (block copies or fills of unknown size) are not modelled";
      tu.unanalyzed.push_back(std::move(u));
    }
    if (r.unknownPointerAccesses && !c.request.untrackedArrays.empty()) {
      ir::Unanalyzed u;
      u.loc = tu.kernel(c.kernel->instance).loc.begin;
      u.kernel = kernelName;
      u.what = "memory accesses in the optimized code";
      u.reason = std::to_string(r.unknownPointerAccesses) +
                 " loads or stores go through pointers whose memory space could not be determined (first: " +
                 r.firstUnknownPointer + "); any of them that reach shared memory are not computed";
      tu.unanalyzed.push_back(std::move(u));
    }
  }
}

}  // namespace bankcheck::frontend
