// The translation unit's calls that let a kernel use more than 48 KB of dynamic shared memory:
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes), in the C
// form (`(const void*)kernel`) or the template one, wherever they are in the host code.
#pragma once

#include <vector>

#include "clang/AST/ASTContext.h"
#include "frontend/LaunchShapes.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

// Sets KernelInstance::dynamicSmemOptIn (and the bytes, when a constant) for every kernel
// instance a call names, directly or through a variable it initializes. A call whose kernel
// cannot be told (a pointer parameter) may be any kernel's: every kernel counts as opted in,
// with the bytes unknown.
// `functions` are the definitions to search (the front end's list of every definition outside
// system headers, instantiations included), so that no pass over the whole AST is needed.
void recordDynamicSmemOptIns(clang::ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                             const std::vector<const clang::FunctionDecl*>& functions);

}  // namespace bankcheck::frontend
