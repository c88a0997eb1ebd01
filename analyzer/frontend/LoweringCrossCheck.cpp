#include "frontend/LoweringCrossCheck.h"

#include <cstdlib>
#include <set>
#include <tuple>

#include "clang/AST/Decl.h"
#include "frontend/LlvmAccesses.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::frontend {

bool crossCheckRequested() {
  const char* v = std::getenv("BANKCHECK_CROSSCHECK_LOWERING");
  return v && *v && std::string(v) != "0";
}

void crossCheckWalkWithLowering(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                                const std::vector<WalkedKernel>& kernels, const ir::TranslationUnit& tu) {
  std::vector<const WalkedKernel*> lowered;
  std::vector<const clang::FunctionDecl*> fns;
  std::vector<std::vector<const clang::VarDecl*>> vars;
  std::vector<std::vector<int>> ids;
  for (const WalkedKernel& k : kernels) {
    if (!tu.kernel(k.instance).analyzed || k.decl->isInvalidDecl() || k.arrays.empty()) continue;
    bool invalid = false;
    for (const auto& entry : k.arrays) invalid |= entry.first->isInvalidDecl();
    if (invalid || reachesCompileError(reachableBodies(k.decl))) continue;
    lowered.push_back(&k);
    fns.push_back(k.decl);
    vars.emplace_back();
    ids.emplace_back();
    for (const auto& [vd, id] : k.arrays) {
      vars.back().push_back(vd);
      ids.back().push_back(id);
    }
  }
  if (fns.empty()) return;
  const LoweredModule module = lowerKernelsRecovering(ci, ctx, decls, fns, vars);
  if (!module.module) return;
  for (size_t i = 0; i < lowered.size(); ++i) {
    llvm::Function* fn = module.module->getFunction(module.kernelSymbols[i]);
    if (!fn || fn->isDeclaration()) continue;
    const int instance = lowered[i]->instance;
    LoweredKernelRequest request;
    request.kernelInstance = instance;
    for (size_t v = 0; v < vars[i].size(); ++v)
      if (llvm::GlobalVariable* gv = module.module->getNamedGlobal(module.arraySymbols[i][v])) {
        request.arrays[gv] = ids[i][v];
        request.untrackedArrays.push_back(ids[i][v]);
      }
    ir::TranslationUnit scratch = tu;
    const size_t walkedAccesses = scratch.accesses.size();
    readLoweredAccesses(*fn, request, scratch);
    // A view carved out of a buffer (`T* a = reinterpret_cast<T*>(smem + off)`) is that buffer in
    // the lowered code; dynamic shared memory is one buffer whatever it is named.
    const auto root = [&](int id) {
      while (id >= 0 && tu.array(id).carvedFrom >= 0) id = tu.array(id).carvedFrom;
      return tu.array(id).isDynamic ? -2 : id;
    };
    // (file, line, array) of the walk's accesses of this kernel.
    std::set<std::tuple<std::string, unsigned, int>> walked;
    // Lines within a few of an access count (the optimizer moves a load to its loop's header),
    // and so do the call sites it was inlined at (the lowering names the innermost line in the
    // analyzed file, the walk the callee's own).
    constexpr unsigned kSlack = 3;
    const auto near = [&](const ir::SourceLoc& from, const ir::SourceLoc& to, int array) {
      for (unsigned line = from.line > kSlack ? from.line - kSlack : 0; line <= std::max(from.line, to.line) + kSlack; ++line)
        walked.insert({from.file, line, array});
    };
    for (const ir::Access& a : tu.accesses)
      if (a.kernelInstance == instance) {
        near(a.span.begin, a.span.end, root(a.array));
        for (const ir::SourceLoc& site : a.inlinedAt) near(site, site, root(a.array));
      }
    std::set<std::tuple<std::string, unsigned, int>> reported;
    for (size_t j = walkedAccesses; j < scratch.accesses.size(); ++j) {
      const ir::Access& a = scratch.accesses[j];
      if (a.kernelInstance != instance) continue;
      if (a.span.begin.line == 0) continue;  // no source line in the lowered code
      const auto key = std::make_tuple(a.span.begin.file, a.span.begin.line, root(a.array));
      if (walked.count(key) || !reported.insert(key).second) continue;
      // Said already: the walk reported the array as not followed somewhere in the kernel.
      const std::string name = "'" + tu.array(a.array).name + "'";
      bool said = false;
      for (const ir::Unanalyzed& u : tu.unanalyzed)
        said |= u.kernel == tu.kernel(instance).name && u.what.find(name) != std::string::npos;
      for (const ir::Access& w : tu.accesses)
        said |= w.kernelInstance == instance && root(w.array) == root(a.array) && !w.byteOffset;
      llvm::errs() << "bankcheck-crosscheck: " << a.span.begin.file << ":" << a.span.begin.line << ": kernel '"
                   << tu.kernel(instance).name << "': the lowered code accesses " << name
                   << " here; the walk recorded no access of it on this line" << (said ? " [reported]" : "") << "\n";
    }
  }
}

}  // namespace bankcheck::frontend
