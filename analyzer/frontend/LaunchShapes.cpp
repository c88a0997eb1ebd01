#include "frontend/LaunchShapes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "frontend/LoopAnalysis.h"
#include "llvm/Support/Regex.h"

namespace bankcheck::frontend {

using namespace clang;

bool parseBlockAnnotation(llvm::StringRef text, unsigned dims[3]) {
  static const llvm::Regex re(R"(bankcheck:[[:space:]]*block[[:space:]]*\([[:space:]]*([0-9]+)[[:space:]]*(,[[:space:]]*([0-9]+)[[:space:]]*)?(,[[:space:]]*([0-9]+)[[:space:]]*)?\))");
  llvm::SmallVector<llvm::StringRef, 6> m;
  if (!re.match(text, &m)) return false;
  dims[0] = static_cast<unsigned>(std::stoul(m[1].str()));
  dims[1] = m[3].empty() ? 1 : static_cast<unsigned>(std::stoul(m[3].str()));
  dims[2] = m[5].empty() ? 1 : static_cast<unsigned>(std::stoul(m[5].str()));
  return dims[0] > 0 && dims[1] > 0 && dims[2] > 0;
}

namespace {
std::string where(const SourceManager& sm, SourceLocation loc) {
  PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(loc));
  if (p.isInvalid()) return "?";
  return std::string(llvm::sys::path::filename(p.getFilename())) + ":" + std::to_string(p.getLine());
}

std::string sourceText(const ASTContext& ctx, SourceRange r) {
  const SourceManager& sm = ctx.getSourceManager();
  CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, ctx.getLangOpts());
  return cr.isValid() ? Lexer::getSourceText(cr, sm, ctx.getLangOpts()).str() : std::string("?");
}

// Whether `var` is assigned or otherwise modified anywhere in `body`.
bool isModified(const VarDecl* var, const Stmt* body) {
  if (!body) return false;
  llvm::SmallPtrSet<const VarDecl*, 8> modified;
  collectModifiedVars(body, modified);
  return modified.count(var) != 0;
}

bool evalInt(const Expr* e, const ASTContext& ctx, const FunctionDecl* enclosing, uint64_t& out, int depth = 0);

// A local integer variable that is initialized once and never modified has its init's value.
bool evalVarInit(const VarDecl* vd, const ASTContext& ctx, const FunctionDecl* enclosing, uint64_t& out, int depth) {
  if (!vd || !vd->getInit() || depth > 8) return false;
  if (vd->isLocalVarDecl() && enclosing && isModified(vd, enclosing->getBody())) return false;
  return evalInt(vd->getInit(), ctx, enclosing, out, depth + 1);
}

bool evalInt(const Expr* e, const ASTContext& ctx, const FunctionDecl* enclosing, uint64_t& out, int depth) {
  if (!e || e->isValueDependent()) return false;
  Expr::EvalResult r;
  if (e->EvaluateAsInt(r, ctx)) {
    out = r.Val.getInt().getZExtValue();
    return true;
  }
  if (const VarDecl* vd = referencedVar(e)) return evalVarInit(vd, ctx, enclosing, out, depth);
  return false;
}

// The three extents of a dim3-valued expression, when they are constants.
bool evalDim3(const Expr* e, const ASTContext& ctx, const FunctionDecl* enclosing, unsigned dims[3], int depth = 0) {
  if (!e || depth > 8) return false;
  e = e->IgnoreImplicit()->IgnoreParens();
  if (const auto* cast = dyn_cast<ExplicitCastExpr>(e)) return evalDim3(cast->getSubExpr(), ctx, enclosing, dims, depth + 1);
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(e)) {
    const CXXConstructorDecl* cd = ctor->getConstructor();
    if (cd->isCopyOrMoveConstructor() && ctor->getNumArgs() >= 1)
      return evalDim3(ctor->getArg(0), ctx, enclosing, dims, depth + 1);
    if (ctor->getNumArgs() >= 1 && !ctor->getArg(0)->getType()->isIntegralOrEnumerationType())
      return evalDim3(ctor->getArg(0), ctx, enclosing, dims, depth + 1);  // dim3(uint3)
    dims[0] = dims[1] = dims[2] = 1;
    for (unsigned i = 0; i < ctor->getNumArgs() && i < 3; ++i) {
      uint64_t v = 0;
      if (!evalInt(ctor->getArg(i), ctx, enclosing, v)) return false;
      dims[i] = static_cast<unsigned>(v);
    }
    return true;
  }
  if (const VarDecl* vd = referencedVar(e)) {
    if (vd->getType()->isIntegralOrEnumerationType()) {
      uint64_t v = 0;
      if (!evalVarInit(vd, ctx, enclosing, v, depth)) return false;
      dims[0] = static_cast<unsigned>(v);
      dims[1] = dims[2] = 1;
      return true;
    }
    if (vd->isLocalVarDecl() && enclosing && isModified(vd, enclosing->getBody())) return false;
    return evalDim3(vd->getInit(), ctx, enclosing, dims, depth + 1);
  }
  if (e->getType()->isIntegralOrEnumerationType()) {
    uint64_t v = 0;
    if (!evalInt(e, ctx, enclosing, v)) return false;
    dims[0] = static_cast<unsigned>(v);
    dims[1] = dims[2] = 1;
    return true;
  }
  return false;
}

bool matchesOverride(const BlockOverride& o, const ir::KernelInstance& k) {
  if (o.kernel == k.name || o.kernel == k.function) return true;
  // Unqualified names match too: `transpose` for `bad::transpose`.
  auto unqualified = [](const std::string& s) {
    const size_t lt = s.find('<');
    const size_t colon = s.rfind("::", lt);
    return colon == std::string::npos ? s : s.substr(colon + 2);
  };
  return o.kernel == unqualified(k.function) || o.kernel == unqualified(k.name);
}

// `// bankcheck: block(32,8)` in the comment lines right above the kernel (or its template line).
bool annotationAbove(const ASTContext& ctx, const FunctionDecl* fn, unsigned dims[3], std::string& where) {
  const SourceManager& sm = ctx.getSourceManager();
  SourceLocation begin = fn->getBeginLoc();
  if (const FunctionTemplateDecl* t = fn->getPrimaryTemplate()) begin = t->getBeginLoc();
  else if (const FunctionTemplateDecl* d = fn->getDescribedFunctionTemplate()) begin = d->getBeginLoc();
  if (const FunctionDecl* pattern = fn->getTemplateInstantiationPattern())
    if (const FunctionTemplateDecl* t = pattern->getDescribedFunctionTemplate()) begin = t->getBeginLoc();
  begin = sm.getFileLoc(begin);
  const FileID fid = sm.getFileID(begin);
  bool invalid = false;
  llvm::StringRef buffer = sm.getBufferData(fid, &invalid);
  if (invalid) return false;
  unsigned line = sm.getSpellingLineNumber(begin);
  for (unsigned l = line; l + 6 > line && l >= 1; --l) {
    const unsigned start = sm.getFileOffset(sm.translateLineCol(fid, l, 1));
    size_t end = buffer.find('\n', start);
    llvm::StringRef text = buffer.substr(start, end == llvm::StringRef::npos ? llvm::StringRef::npos : end - start);
    llvm::StringRef trimmed = text.trim();
    if (l != line && !trimmed.empty() && !trimmed.starts_with("//") && !trimmed.starts_with("/*") &&
        !trimmed.starts_with("*") && !trimmed.starts_with("template") && !trimmed.starts_with("__launch_bounds__"))
      break;  // reached the previous declaration
    if (parseBlockAnnotation(text, dims)) {
      where = "annotation at " + std::string(llvm::sys::path::filename(sm.getFilename(begin))) + ":" + std::to_string(l);
      return true;
    }
    if (l == 1) break;
  }
  return false;
}
}  // namespace

void resolveLaunchShapes(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<LaunchSite>& sites, const std::vector<BlockOverride>& overrides) {
  const SourceManager& sm = ctx.getSourceManager();
  for (const KernelDecl& kd : kernels) {
    ir::KernelInstance& k = tu.kernels[static_cast<size_t>(kd.instance)];
    ir::LaunchShape& shape = k.launch;
    unsigned dims[3] = {1, 1, 1};

    // Dynamic shared memory comes only from launches; collect it whatever gives the block.
    std::string launchSource, firstProblem, alsoLaunched;
    bool fromLaunch = false;
    unsigned launchDims[3] = {1, 1, 1};
    for (const LaunchSite& site : sites) {
      const FunctionDecl* callee = site.call->getDirectCallee();
      if (!callee || callee->getCanonicalDecl() != kd.function->getCanonicalDecl()) continue;
      const CallExpr* config = site.call->getConfig();
      unsigned d[3];
      if (config && config->getNumArgs() >= 2 && evalDim3(config->getArg(1), ctx, site.enclosing, d)) {
        if (!fromLaunch) {
          fromLaunch = true;
          std::copy(d, d + 3, launchDims);
          launchSource = "launch at " + where(sm, site.call->getBeginLoc());
          uint64_t smem = 0;
          if (config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(config->getArg(2)) &&
              evalInt(config->getArg(2), ctx, site.enclosing, smem))
            shape.dynamicSmemBytes = smem;
        } else if (!std::equal(d, d + 3, launchDims) && alsoLaunched.empty()) {
          alsoLaunched = "; also launched with " + std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" +
                         std::to_string(d[2]) + " at " + where(sm, site.call->getBeginLoc());
        }
      } else if (firstProblem.empty() && config && config->getNumArgs() >= 2) {
        firstProblem = "the launch at " + where(sm, site.call->getBeginLoc()) + " has a block shape that is not a constant (`" +
                       sourceText(ctx, config->getArg(1)->getSourceRange()) + "`)";
      }
    }

    std::string annotationWhere;
    bool overridden = false;
    for (const BlockOverride& o : overrides) {
      if (matchesOverride(o, k)) {
        dims[0] = o.x; dims[1] = o.y; dims[2] = o.z;
        shape.source = "--block " + o.kernel;
        overridden = true;
      }
    }
    if (overridden) {
      shape.known = true;
    } else if (annotationAbove(ctx, kd.function, dims, annotationWhere)) {
      shape.known = true;
      shape.source = annotationWhere;
    } else if (fromLaunch) {
      std::copy(launchDims, launchDims + 3, dims);
      shape.known = true;
      shape.source = launchSource + alsoLaunched;
    } else if (const auto* lb = kd.function->getAttr<CUDALaunchBoundsAttr>()) {
      uint64_t maxThreads = 0;
      if (!evalInt(lb->getMaxThreads(), ctx, nullptr, maxThreads)) {
        shape.unknownReason = "__launch_bounds__ is not a constant";
      } else if (k.usesThreadIdx[1] || k.usesThreadIdx[2]) {
        shape.unknownReason = "__launch_bounds__(" + std::to_string(maxThreads) + ") gives only the thread count, and the kernel uses threadIdx." +
                              (k.usesThreadIdx[1] ? "y" : "z");
      } else {
        dims[0] = static_cast<unsigned>(maxThreads);
        shape.known = true;
        shape.source = "__launch_bounds__(" + std::to_string(maxThreads) + "), kernel uses only threadIdx.x";
      }
    } else if (!firstProblem.empty()) {
      shape.unknownReason = firstProblem;
    } else {
      shape.unknownReason = "no launch of '" + k.name + "' with a constant block shape in this file";
    }
    if (shape.known && !(dims[0] * dims[1] * dims[2] >= 1 && dims[0] * dims[1] * dims[2] <= 1024)) {
      shape.known = false;
      shape.unknownReason = "block of " + std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "x" +
                            std::to_string(dims[2]) + " threads is not a valid CUDA block (1 to 1024 threads)";
    }
    if (shape.known) {
      shape.x = dims[0];
      shape.y = dims[1];
      shape.z = dims[2];
    } else if (shape.unknownReason.find("--block") == std::string::npos) {
      shape.unknownReason += "; give one with --block " + k.function + "=32x8 or a `// bankcheck: block(32,8)` comment";
    }
  }
}

}  // namespace bankcheck::frontend
