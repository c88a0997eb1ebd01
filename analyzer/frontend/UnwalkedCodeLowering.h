// The second route to a kernel's accesses: where the AST walk left a shared array with no access
// followed, or an inline-PTX instruction whose address it could not resolve, the kernel is
// lowered to optimized LLVM IR (DeviceCodegen) and those accesses are read there (LlvmAccesses).
// What the lowering resolves is taken off the list of code not walked.
#pragma once

#include <vector>

#include "frontend/DeviceCodegen.h"
#include "ir/Module.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class CompilerInstance;
class FunctionDecl;
class VarDecl;
}  // namespace clang

namespace bankcheck::frontend {

struct WalkedKernel {
  const clang::FunctionDecl* decl = nullptr;
  int instance = -1;
  llvm::DenseMap<const clang::VarDecl*, int> arrays;  // the shared arrays the walker declared
};

void lowerUnwalkedCode(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                       const std::vector<WalkedKernel>& kernels, ir::TranslationUnit& tu);

}  // namespace bankcheck::frontend
