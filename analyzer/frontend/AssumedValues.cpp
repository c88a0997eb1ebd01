#include "frontend/AssumedValues.h"

#include <map>

#include "frontend/ParameterValues.h"
#include "frontend/SourceLocations.h"
#include "llvm/Support/Regex.h"

namespace bankcheck::frontend {

using namespace clang;

std::optional<std::pair<std::string, int64_t>> parseAssignment(llvm::StringRef text) {
  static const llvm::Regex re(R"(^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*)[[:space:]]*==?[[:space:]]*(-?)(0[xX][0-9a-fA-F]+|[0-9]+|true|false)[[:space:]]*$)");
  llvm::SmallVector<llvm::StringRef, 5> m;
  if (!re.match(text, &m)) return std::nullopt;
  if (m[4] == "true" || m[4] == "false") {  // a bool member (`params.neox_rotary_style`)
    if (!m[3].empty()) return std::nullopt;
    return std::make_pair(m[1].str(), int64_t{m[4] == "true"});
  }
  uint64_t magnitude = 0;
  if (m[4].getAsInteger(0, magnitude) || magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  const int64_t value = static_cast<int64_t>(magnitude);
  return std::make_pair(m[1].str(), m[3].empty() ? value : -value);
}

bool parseAssumption(const std::string& spec, frontend::ValueAssumption& out) {
  const size_t eq = spec.find('=');
  if (eq == std::string::npos) return false;
  // `kernel:name=value`: the kernel ends at the last single ':' before the '=' (a '::' is part of
  // a qualified kernel name).
  size_t colon = std::string::npos;
  for (size_t i = 0; i < eq; ++i)
    if (spec[i] == ':' && (i + 1 >= eq || spec[i + 1] != ':') && (i == 0 || spec[i - 1] != ':')) colon = i;
  if (colon == 0) return false;
  const std::string assignment = colon == std::string::npos ? spec : spec.substr(colon + 1);
  const auto a = parseAssignment(assignment);
  if (!a) return false;
  out.kernel = colon == std::string::npos ? "" : spec.substr(0, colon);
  out.name = a->first;
  out.value = a->second;
  return true;
}

std::optional<std::vector<std::pair<std::string, int64_t>>> parseAssumeAnnotation(llvm::StringRef text, std::string* error) {
  static const llvm::Regex re(R"(bankcheck:[[:space:]]*assume[[:space:]]*\(([^)]*)\))");
  llvm::SmallVector<llvm::StringRef, 2> m;
  if (!re.match(text, &m)) return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> parts;
  m[1].split(parts, ',');
  std::vector<std::pair<std::string, int64_t>> out;
  for (llvm::StringRef part : parts) {
    auto a = parseAssignment(part);
    if (!a) {
      if (error)
        *error = "`bankcheck: assume(" + m[1].str() + ")`: '" + part.trim().str() +
                 "' is not of the form name = integer (a parameter or a member of one: `pitch = 33`, `params.dim = 64`)";
      return std::nullopt;
    }
    out.push_back(*a);
  }
  return out;
}

namespace {
// Whether `name`'s first component (`params` of `params.dim`) is a parameter of `fn`.
bool namesParameter(const FunctionDecl* fn, const std::string& name) {
  const std::string head = name.substr(0, name.find_first_of(".["));
  for (const ParmVarDecl* p : fn->parameters())
    if (p->getName() == head) return true;
  return false;
}

void addProblem(ir::TranslationUnit& tu, const SourceManager& sm, SourceLocation at, const ir::KernelInstance& k,
                const std::string& reason) {
  ir::Unanalyzed u;
  u.loc = sourceLocOf(sm, at);
  u.kernel = k.name;
  u.what = "annotation `bankcheck: assume(...)`";
  u.reason = reason;
  tu.unanalyzed.push_back(std::move(u));
}
}  // namespace

void bindAssumedValues(ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                       const FrontendOptions& options) {
  const SourceManager& sm = ctx.getSourceManager();
  for (const KernelDecl& kd : kernels) {
    ir::KernelInstance& k = tu.kernels[static_cast<size_t>(kd.instance)];
    if (!k.analyzed) continue;
    // 1. The command line: a kernel-specific value over one for every kernel.
    std::map<std::string, int64_t> stated;
    for (const ValueAssumption& a : options.assumptions)
      if (a.kernel.empty() && !stated.count(a.name)) stated[a.name] = a.value;
    for (const ValueAssumption& a : options.assumptions)
      if (!a.kernel.empty() && namesKernel(a.kernel, k)) stated[a.name] = a.value;
    // 2. Comments above the kernel, for what the command line leaves.
    std::map<std::string, int64_t> annotated;
    std::string where;
    for (const auto& [at, text] : commentLinesAbove(ctx, kd.function)) {
      std::string error;
      auto values = parseAssumeAnnotation(text, &error);
      if (!values) {
        if (!error.empty()) addProblem(tu, sm, at, k, error + ", so no value is assumed from it");
        continue;
      }
      for (const auto& [name, value] : *values) {
        if (!namesParameter(kd.function, name)) {
          addProblem(tu, sm, at, k, "'" + name + "' is not a parameter of '" + k.function + "' (nor a member of one), so no value is assumed for it");
          continue;
        }
        if (stated.count(name) || annotated.count(name)) continue;  // the nearer comment wins
        annotated[name] = value;
        if (where.empty()) where = fileLineOf(sm, at);
      }
    }
    if (!stated.empty()) bindParameterValues(tu, k, stated, "assumed (--assume)");
    if (!annotated.empty()) bindParameterValues(tu, k, annotated, "assumed (bankcheck: assume at " + where + ")");
  }
}

}  // namespace bankcheck::frontend
