// Lowers chosen kernels of an already-parsed translation unit to optimized LLVM IR with clang's own
// code generator: the route for code whose addresses the AST walker cannot follow (CuTe tensors,
// layouts computed by template metaprogramming, pointers kept in objects). After inlining and
// scalar optimization the address of every shared-memory instruction is plain arithmetic on the
// thread index, which LlvmAccesses reads back into IR.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclGroup.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

namespace clang {
class CompilerInstance;
class FunctionDecl;
class VarDecl;
}  // namespace clang

namespace bankcheck::frontend {

// Remembers what Sema hands the AST consumer (top-level declarations, template instantiations),
// so that code generation can be run afterwards, for a few kernels only, without a second parse.
class DeclRecorder {
 public:
  void add(clang::DeclGroupRef group) { groups_.push_back(group); }
  void addStaticMemberInstantiation(clang::VarDecl* vd) { staticMembers_.push_back(vd); }
  const std::vector<clang::DeclGroupRef>& groups() const { return groups_; }
  const std::vector<clang::VarDecl*>& staticMembers() const { return staticMembers_; }

 private:
  std::vector<clang::DeclGroupRef> groups_;
  std::vector<clang::VarDecl*> staticMembers_;
};

struct LoweredModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::vector<std::string> kernelSymbols;          // per requested kernel; "" when not emitted
  std::vector<std::vector<std::string>> arraySymbols;  // per kernel: the symbol of each requested variable
  std::string problem;                              // why nothing was produced
};

// Generates IR for `kernels` (and what they call) and runs LLVM's -O1 pipeline over it (less its
// module-wide AlwaysInliner, DeviceCodegen.cpp). The
// symbols of `variables[i]` (the shared arrays of kernel i) are looked up so IR globals can be
// mapped back to declarations. Code-generation diagnostics go to a private engine: errors the
// parse already reported elsewhere in the file do not stop it.
LoweredModule lowerKernels(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                           const std::vector<const clang::FunctionDecl*>& kernels,
                           const std::vector<std::vector<const clang::VarDecl*>>& variables);

}  // namespace bankcheck::frontend
