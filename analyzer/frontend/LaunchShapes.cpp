#include "frontend/LaunchShapes.h"

#include <map>

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Basic/SourceManager.h"
#include "frontend/ShapeFamily.h"
#include "frontend/SourceLocations.h"
#include "frontend/TemplateArguments.h"
#include "llvm/Support/Regex.h"

namespace bankcheck::frontend {

using namespace clang;

std::optional<std::array<unsigned, 3>> parseBlockAnnotation(llvm::StringRef text, std::string* error) {
  static const llvm::Regex re(R"(bankcheck:[[:space:]]*block[[:space:]]*\(([^)]*)\))");
  llvm::SmallVector<llvm::StringRef, 2> m;
  if (!re.match(text, &m)) return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> parts;
  m[1].split(parts, ',');
  std::array<unsigned, 3> dims = {1, 1, 1};
  auto invalid = [&](const std::string& why) -> std::optional<std::array<unsigned, 3>> {
    if (error) *error = "`bankcheck: block(" + m[1].str() + ")` is not a valid block shape: " + why;
    return std::nullopt;
  };
  if (parts.empty() || parts.size() > 3) return invalid("give 1 to 3 extents");
  uint64_t threads = 1;
  for (size_t i = 0; i < parts.size(); ++i) {
    uint64_t v = 0;
    if (parts[i].trim().getAsInteger(10, v)) return invalid("'" + parts[i].trim().str() + "' is not a number");
    if (v == 0 || v > 1024) return invalid("each extent must be 1 to 1024");
    threads *= v;
    dims[i] = static_cast<unsigned>(v);
  }
  if (threads > 1024) return invalid(std::to_string(threads) + " threads (at most 1024)");
  return dims;
}

std::string parseFamilyAnnotation(llvm::StringRef text) {
  static const llvm::Regex re(R"(bankcheck:[[:space:]]*block-family[[:space:]]*\([[:space:]]*(all|any|off)[[:space:]]*\))");
  llvm::SmallVector<llvm::StringRef, 2> m;
  return re.match(text, &m) ? m[1].str() : std::string();
}

bool namesKernel(const std::string& spec, const ir::KernelInstance& k) {
  if (spec == k.name || spec == k.function) return true;
  // Unqualified names match too: `transpose` for `bad::transpose`.
  auto unqualified = [](const std::string& s) {
    const size_t lt = s.find('<');
    const size_t colon = s.rfind("::", lt);
    return colon == std::string::npos ? s : s.substr(colon + 2);
  };
  return spec == unqualified(k.function) || spec == unqualified(k.name);
}

namespace {
bool evalConstant(const Expr* e, const ASTContext& ctx, uint64_t& out) {
  Expr::EvalResult r;
  if (!e || e->isValueDependent() || !e->EvaluateAsInt(r, ctx)) return false;
  out = r.Val.getInt().getZExtValue();
  return true;
}

bool matchesOverride(const BlockOverride& o, const ir::KernelInstance& k) { return namesKernel(o.kernel, k); }

}  // namespace

std::vector<std::pair<SourceLocation, llvm::StringRef>> commentLinesAbove(const ASTContext& ctx, const FunctionDecl* fn) {
  std::vector<std::pair<SourceLocation, llvm::StringRef>> out;
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
  if (invalid) return out;
  const unsigned line = sm.getSpellingLineNumber(begin);
  for (unsigned l = line; l + 6 > line && l >= 1; --l) {
    const SourceLocation lineStart = sm.translateLineCol(fid, l, 1);
    const unsigned start = sm.getFileOffset(lineStart);
    const size_t end = buffer.find('\n', start);
    llvm::StringRef text = buffer.substr(start, end == llvm::StringRef::npos ? llvm::StringRef::npos : end - start);
    llvm::StringRef trimmed = text.trim();
    if (l != line && !trimmed.empty() && !trimmed.starts_with("//") && !trimmed.starts_with("/*") &&
        !trimmed.starts_with("*") && !trimmed.starts_with("template") && !trimmed.starts_with("__launch_bounds__"))
      break;  // reached the previous declaration
    out.emplace_back(lineStart, text);
    if (l == 1) break;
  }
  return out;
}

namespace {
ir::LaunchShape makeShape(const std::array<uint64_t, 3>& d, std::string source) {
  ir::LaunchShape s;
  s.known = true;
  s.x = static_cast<unsigned>(d[0]);
  s.y = static_cast<unsigned>(d[1]);
  s.z = static_cast<unsigned>(d[2]);
  s.source = std::move(source);
  return s;
}

void setShapes(ir::KernelInstance& k, std::vector<ir::LaunchShape> shapes) {
  k.launch = shapes.front();
  k.moreLaunches.assign(shapes.begin() + 1, shapes.end());
}

// Every distinct shape the launches of a kernel give, with where each comes from.
std::vector<ir::LaunchShape> launchedShapes(const ASTContext& ctx, const std::vector<const HostLaunch*>& launches,
                                            std::vector<std::string>& unresolved) {
  const SourceManager& sm = ctx.getSourceManager();
  std::vector<ir::LaunchShape> shapes;
  for (const HostLaunch* launch : launches) {
    const HostLaunch& l = *launch;
    const std::string where = describeLaunch(sm, l);
    if (!l.blockProblem.empty()) {
      std::string u = "the " + where + " has a block shape that is not computed: " + l.blockProblem;
      if (std::find(unresolved.begin(), unresolved.end(), u) == unresolved.end()) unresolved.push_back(u);
    }
    std::optional<uint64_t> dynamicSmem;
    if (l.dynamicSmem.size() == 1 && l.dynamicSmemProblem.empty()) dynamicSmem = l.dynamicSmem.front();
    else if (l.dynamicSmem.size() > 1) dynamicSmem = *std::max_element(l.dynamicSmem.begin(), l.dynamicSmem.end());
    for (const auto& b : l.blocks) {
      auto same = std::find_if(shapes.begin(), shapes.end(), [&](const ir::LaunchShape& s) {
        return s.x == b[0] && s.y == b[1] && s.z == b[2];
      });
      // Launches with the same block are one shape for the mapper; it keeps the largest dynamic
      // shared memory among them, and the launch that asks for it.
      if (same != shapes.end()) {
        if (dynamicSmem && *dynamicSmem > same->dynamicSmemBytes.value_or(0)) {
          same->dynamicSmemBytes = dynamicSmem;
          same->source = where;
        }
        continue;
      }
      ir::LaunchShape s = makeShape(b, where);
      s.dynamicSmemBytes = dynamicSmem;
      shapes.push_back(std::move(s));
    }
  }
  return shapes;
}
}  // namespace

// The dynamic shared memory argument of every launch of `k`, one per launch site: a site that
// several host contexts reach with different byte counts gets no single value.
void recordDynamicSmemArguments(const ASTContext& ctx, const std::vector<const HostLaunch*>& launches,
                                ir::KernelInstance& k) {
  const SourceManager& sm = ctx.getSourceManager();
  std::map<const Expr*, size_t> bySite;
  k.dynamicSmemComplete = true;
  for (const HostLaunch* l : launches) {
    const auto* call = dyn_cast<CUDAKernelCallExpr>(l->site);
    const CallExpr* config = call ? call->getConfig() : nullptr;
    if (!config || config->getNumArgs() < 3 || isa<CXXDefaultArgExpr>(config->getArg(2))) {
      k.dynamicSmemComplete = false;  // cudaLaunchKernel, or no byte count given
      continue;
    }
    const Expr* arg = config->getArg(2);
    auto [it, fresh] = bySite.try_emplace(arg, k.dynamicSmemArguments.size());
    std::optional<uint64_t> bytes;
    if (l->dynamicSmem.size() == 1 && l->dynamicSmemProblem.empty()) bytes = l->dynamicSmem.front();
    if (!fresh) {
      ir::DynamicSmemArgument& known = k.dynamicSmemArguments[it->second];
      if (known.bytes != bytes) known.bytes.reset();
      continue;
    }
    k.dynamicSmemArguments.push_back(byteCountArgument(sm, ctx.getLangOpts(), arg, bytes));
  }
}

void resolveLaunchShapes(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<HostLaunch>& launches, const FrontendOptions& options) {
  for (const KernelDecl& kd : kernels) {
    ir::KernelInstance& k = tu.kernels[static_cast<size_t>(kd.instance)];
    std::vector<std::string> unresolved;
    const std::vector<const HostLaunch*> mine = launchesOf(kd.function, launches);
    std::vector<ir::LaunchShape> launched = launchedShapes(ctx, mine, unresolved);
    recordDynamicSmemArguments(ctx, mine, k);
    recordTemplateArgumentSites(ctx, mine, k);
    // Dynamic shared memory comes only from launches, whatever gives the block.
    std::optional<uint64_t> launchSmem;
    for (const ir::LaunchShape& s : launched)
      if (s.dynamicSmemBytes) launchSmem = std::max(launchSmem.value_or(0), *s.dynamicSmemBytes);

    // 1. --block, possibly several shapes for one kernel.
    std::vector<ir::LaunchShape> overridden;
    for (const BlockOverride& o : options.blocks)
      if (matchesOverride(o, k)) overridden.push_back(makeShape({o.x, o.y, o.z}, "--block " + o.kernel));
    if (!overridden.empty()) {
      for (ir::LaunchShape& s : overridden) s.dynamicSmemBytes = launchSmem;
      setShapes(k, std::move(overridden));
      continue;
    }

    // 2. Comments above the kernel: block(...) shapes and the family policy.
    std::vector<ir::LaunchShape> annotated;
    std::string annotationError;
    for (const auto& [at, text] : commentLinesAbove(ctx, kd.function)) {
      std::string error;
      if (auto dims = parseBlockAnnotation(text, &error))
        annotated.push_back(makeShape({(*dims)[0], (*dims)[1], (*dims)[2]}, "annotation at " + fileLineOf(ctx.getSourceManager(), at)));
      else if (!error.empty() && annotationError.empty())
        annotationError = error + " (" + fileLineOf(ctx.getSourceManager(), at) + ")";
      if (k.familyPolicy.empty()) k.familyPolicy = parseFamilyAnnotation(text);
    }
    if (k.familyPolicy.empty()) k.familyPolicy = options.blockFamily;
    if (!annotated.empty()) {
      for (ir::LaunchShape& s : annotated) s.dynamicSmemBytes = launchSmem;
      setShapes(k, std::move(annotated));
      continue;
    }
    if (!annotationError.empty()) {
      k.launch.known = false;
      k.launch.unknownReason = annotationError;
      continue;
    }

    // 3. Every launch the host code reaches.
    k.unresolvedLaunches = unresolved;
    if (!launched.empty()) {
      setShapes(k, std::move(launched));
      continue;
    }

    // 4. __launch_bounds__ of a kernel that only uses threadIdx.x.
    unsigned maxThreads = 1024;
    if (const auto* lb = kd.function->getAttr<CUDALaunchBoundsAttr>()) {
      uint64_t n = 0;
      if (evalConstant(lb->getMaxThreads(), ctx, n) && n >= 1 && n <= 1024) {
        maxThreads = static_cast<unsigned>(n);
        if (!k.usesThreadIdx[1] && !k.usesThreadIdx[2]) {
          setShapes(k, {makeShape({n, 1, 1}, "__launch_bounds__(" + std::to_string(n) + "), kernel uses only threadIdx.x")});
          continue;
        }
      }
    }

    std::string why = unresolved.empty() ? "no launch of '" + k.name + "' in this file" : unresolved.front();
    // 5. The family of shapes the kernel admits.
    if (k.familyPolicy != "off") {
      ShapeFamily family = shapeFamilyOf(tu, k, maxThreads);
      if (!family.shapes.empty()) {
        std::vector<ir::LaunchShape> shapes;
        for (const auto& s : family.shapes) {
          ir::LaunchShape shape = makeShape({s[0], s[1], s[2]}, "assumed: " + why);
          shape.assumed = true;
          shapes.push_back(std::move(shape));
        }
        setShapes(k, std::move(shapes));
        k.familyDescription = family.description;
        continue;
      }
    }
    k.launch.known = false;
    k.launch.unknownReason = why + "; give one with --block " + k.function + "=32x8 or a `// bankcheck: block(32,8)` comment";
  }
}

}  // namespace bankcheck::frontend
