// Block shapes per kernel instance, from (in order): --block, a `// bankcheck: block(32,8)`
// comment above the kernel, a launch with a constant block in the same file, and
// __launch_bounds__ when the kernel only uses threadIdx.x. Otherwise unknown, with the reason.
#pragma once

#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "frontend/Frontend.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

struct KernelDecl {
  const clang::FunctionDecl* function = nullptr;
  int instance = -1;
};

struct LaunchSite {
  const clang::CUDAKernelCallExpr* call = nullptr;
  const clang::FunctionDecl* enclosing = nullptr;  // the host function that launches
};

void resolveLaunchShapes(clang::ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<LaunchSite>& sites, const std::vector<BlockOverride>& overrides);

// Parses the argument of a `bankcheck: block(...)` annotation in `text`; false when absent.
bool parseBlockAnnotation(llvm::StringRef text, unsigned dims[3]);

}  // namespace bankcheck::frontend
