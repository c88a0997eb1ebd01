#include "frontend/DynamicSmemOptIn.h"

#include <map>

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "frontend/SourceLocations.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
// The kernel a function argument names: `k`, `&k`, `(const void*)k`, `k<128>`.
const FunctionDecl* kernelNamedBy(const Expr* e, int depth = 0) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* c = dyn_cast<ExplicitCastExpr>(e)) {
      e = c->getSubExpr();
      continue;
    }
    if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) {
      e = u->getSubExpr();
      continue;
    }
    break;
  }
  const auto* dre = dyn_cast_or_null<DeclRefExpr>(e);
  if (!dre) return nullptr;
  if (const auto* fn = dyn_cast<FunctionDecl>(dre->getDecl())) return fn;
  // `auto kernel_fptr = gemm_device<...>; cudaFuncSetAttribute(kernel_fptr, ...)`: the kernel its
  // initializer names (a later reassignment only makes the opt-in cover more, never less).
  if (const auto* var = dyn_cast<VarDecl>(dre->getDecl()); var && var->getInit() && depth < 4)
    return kernelNamedBy(var->getInit(), depth + 1);
  return nullptr;
}

bool namesMaxDynamicSharedMemorySize(const Expr* e) {
  const auto* dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return dre && dre->getDecl()->getName() == "cudaFuncAttributeMaxDynamicSharedMemorySize";
}

class OptInCollector : public RecursiveASTVisitor<OptInCollector> {
 public:
  OptInCollector(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels)
      : ctx_(ctx), tu_(tu), kernels_(kernels) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // A call spelled in a type (`decltype(...)`) is not made.
  bool TraverseTypeLoc(TypeLoc) { return true; }

  bool unresolved = false;  // a call whose kernel is not known

  bool VisitCallExpr(CallExpr* call) {
    const FunctionDecl* callee = call->getDirectCallee();
    if (!callee || callee->getName() != "cudaFuncSetAttribute" || call->getNumArgs() != 3) return true;
    if (!namesMaxDynamicSharedMemorySize(call->getArg(1))) return true;
    const FunctionDecl* kernel = kernelNamedBy(call->getArg(0));
    if (!kernel) {
      // A pointer this cannot follow (a parameter, a table): it may be any kernel's opt-in. The
      // prelude's own forwarding call inside the template overload is not the user's.
      if (!ctx_.getSourceManager().isInSystemHeader(call->getBeginLoc())) unresolved = true;
      return true;
    }
    std::optional<uint64_t> bytes;
    Expr::EvalResult r;
    if (!call->getArg(2)->isValueDependent() && call->getArg(2)->EvaluateAsInt(r, ctx_) && r.Val.getInt().isNonNegative())
      bytes = r.Val.getInt().getZExtValue();
    for (const KernelDecl& kd : kernels_) {
      if (kd.function->getCanonicalDecl() != kernel->getCanonicalDecl()) continue;
      ir::KernelInstance& k = tu_.kernels[static_cast<size_t>(kd.instance)];
      // Several calls: the largest constant wins; one whose value is not constant makes it unknown.
      if (!k.dynamicSmemOptIn) k.dynamicSmemOptInBytes = bytes;
      else if (!bytes || !k.dynamicSmemOptInBytes) k.dynamicSmemOptInBytes.reset();
      else k.dynamicSmemOptInBytes = std::max(*k.dynamicSmemOptInBytes, *bytes);
      k.dynamicSmemOptIn = true;
      recordArgument(call->getArg(2), bytes, kd.instance, k);
    }
    return true;
  }

 private:
  // The call's byte argument, where an edit can grow it (once per call site and instance: the
  // instantiations of a template launcher share the site).
  void recordArgument(const Expr* arg, std::optional<uint64_t> bytes, int instance, ir::KernelInstance& k) {
    const SourceManager& sm = ctx_.getSourceManager();
    const SourceLocation at = sm.getExpansionLoc(arg->getBeginLoc());
    const auto [it, fresh] = recorded_.try_emplace({instance, at.getRawEncoding()}, k.dynamicSmemOptInArguments.size());
    if (!fresh) {
      ir::DynamicSmemArgument& known = k.dynamicSmemOptInArguments[it->second];
      if (known.bytes != bytes) known.bytes.reset();
      return;
    }
    k.dynamicSmemOptInArguments.push_back(byteCountArgument(sm, ctx_.getLangOpts(), arg, bytes));
  }

  ASTContext& ctx_;
  ir::TranslationUnit& tu_;
  const std::vector<KernelDecl>& kernels_;
  std::map<std::pair<int, unsigned>, size_t> recorded_;
};
}  // namespace

void recordDynamicSmemOptIns(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                             const std::vector<const FunctionDecl*>& functions) {
  OptInCollector collector(ctx, tu, kernels);
  for (const FunctionDecl* fn : functions)
    if (fn->hasBody()) collector.TraverseStmt(fn->getBody());
  if (!collector.unresolved) return;
  for (ir::KernelInstance& k : tu.kernels) {
    k.dynamicSmemOptIn = true;
    k.dynamicSmemOptInBytes.reset();
    k.dynamicSmemOptInComplete = false;
  }
}

}  // namespace bankcheck::frontend
