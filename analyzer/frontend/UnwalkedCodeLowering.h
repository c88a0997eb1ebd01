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

// Every function body a kernel reaches (through calls, references and constructors), the
// kernel's first: only code that is generated, not a template's pattern named in an unevaluated
// context.
std::vector<const clang::FunctionDecl*> reachableBodies(const clang::FunctionDecl* kernel);

// Clang's code generator assumes what it is given compiled. A kernel that reaches, through the
// functions it calls, a declaration Sema rejected or an expression its error recovery kept (a
// RecoveryExpr: code with an error in a device function the kernel calls) is not lowered.
bool reachesCompileError(const std::vector<const clang::FunctionDecl*>& bodies);

// lowerKernels, with a crash of Clang's code generator recovered: then no module.
LoweredModule lowerKernelsRecovering(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                                     const std::vector<const clang::FunctionDecl*>& kernels,
                                     const std::vector<std::vector<const clang::VarDecl*>>& variables);

void lowerUnwalkedCode(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                       const std::vector<WalkedKernel>& kernels, ir::TranslationUnit& tu);

}  // namespace bankcheck::frontend
