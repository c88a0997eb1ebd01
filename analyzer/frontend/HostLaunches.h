// The launches of a translation unit with the block shapes the host code gives them: a small
// abstract interpreter over the host functions that (transitively) launch kernels. It follows
// local variables, brace initialization, members written after construction (`b.x = 32`), writes
// through references and pointers, constant arrays, branches and `switch` dispatch (each branch
// keeps its own values), loops over sets of sizes, and calls through the translation unit with
// their arguments (launch wrappers, helpers taking the kernel as a pointer, cudaLaunchKernel(Ex),
// device properties for --arch). Every launch reached is recorded, once per calling context.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace bankcheck::frontend {

struct HostLaunch {
  const clang::Expr* site = nullptr;                     // `k<<<...>>>` or the cudaLaunchKernel call
  std::vector<const clang::Expr*> via;                   // calls that led to it, innermost first
  std::vector<const clang::FunctionDecl*> kernels;       // canonical declarations
  std::string kernelProblem;                             // when the launched kernel is not (fully) known
  std::vector<std::array<uint64_t, 3>> blocks;           // every block shape this context may use
  std::string blockProblem;                              // when (some of) the shape is not computed
  std::vector<uint64_t> dynamicSmem;                     // bytes, when given and computed
  std::string dynamicSmemProblem;
  // The value of each integer argument when this context gives exactly one; nullopt otherwise.
  std::vector<std::optional<int64_t>> arguments;
};

struct HostAnalysisOptions {
  // The compute capability that device-property queries answer with (from --arch).
  int computeMajor = 9;
  int computeMinor = 0;
};

// Interprets the host side of the translation unit. `functions` are all function definitions
// with bodies (templates instantiated); only those that lead to a launch are interpreted.
std::vector<HostLaunch> findHostLaunches(clang::ASTContext& ctx, const std::vector<const clang::FunctionDecl*>& functions,
                                         const HostAnalysisOptions& options);

// The launches that may launch `kernel` (its address reaches them), in the order found.
std::vector<const HostLaunch*> launchesOf(const clang::FunctionDecl* kernel, const std::vector<HostLaunch>& launches);

// "launch at norm.cu:311" or "launch at common.cuh:1673 via norm.cu:311".
std::string describeLaunch(const clang::SourceManager& sm, const HostLaunch& launch);

}  // namespace bankcheck::frontend
