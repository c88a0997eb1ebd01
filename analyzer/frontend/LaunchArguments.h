// Kernel arguments the launches give: a scalar parameter that every launch of the kernel in the
// file passes the same constant (`C = 768` set in main and passed down) is that constant in the
// kernel's addresses, loop bounds and predicates, and every affected access says so.
#pragma once

#include <vector>

#include "clang/AST/ASTContext.h"
#include "frontend/HostLaunches.h"
#include "frontend/LaunchShapes.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

void bindLaunchArguments(clang::ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<HostLaunch>& launches);

}  // namespace bankcheck::frontend
