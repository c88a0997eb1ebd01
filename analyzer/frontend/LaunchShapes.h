// Block shapes per kernel instance, from (in order): --block, a `// bankcheck: block(32,8)`
// comment above the kernel, every launch the host code reaches (HostLaunches.h: each distinct
// shape is analyzed), __launch_bounds__ when the kernel only uses threadIdx.x, and otherwise the
// family of shapes the kernel admits (ShapeFamily.h). What none of these gives stays unknown,
// with the reason.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "frontend/Frontend.h"
#include "frontend/HostLaunches.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

struct KernelDecl {
  const clang::FunctionDecl* function = nullptr;
  int instance = -1;
};

void resolveLaunchShapes(clang::ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                         const std::vector<HostLaunch>& launches, const FrontendOptions& options);

// The shape of a `bankcheck: block(32, 8)` annotation in `text`: nullopt when there is none; an
// invalid one (0, over 1024 threads, not a number) sets `error`.
std::optional<std::array<unsigned, 3>> parseBlockAnnotation(llvm::StringRef text, std::string* error = nullptr);

// The policy of a `bankcheck: block-family(all|any|off)` annotation in `text`, or "".
std::string parseFamilyAnnotation(llvm::StringRef text);

// Whether `spec` (from --block or --assume) names kernel instance `k`: its instance name
// (`transpose<8>`), its function (`bad::transpose`), or either without namespaces.
bool namesKernel(const std::string& spec, const ir::KernelInstance& k);

// The comment lines right above a kernel (or its template line), nearest first, each with where it
// starts: where `bankcheck: ...` annotations are read.
std::vector<std::pair<clang::SourceLocation, llvm::StringRef>> commentLinesAbove(const clang::ASTContext& ctx,
                                                                                 const clang::FunctionDecl* fn);

}  // namespace bankcheck::frontend
