// A developer's check of the AST walk against the lowering (BANKCHECK_CROSSCHECK_LOWERING=1):
// every walked kernel is also lowered to optimized LLVM IR, and each source line where the
// lowered code accesses a shared array but the walk recorded no access of that array, or where
// the walk stopped following it, is printed to stderr. The walk is the route bankcheck reports
// from; an access it drops without a word is the one failure a user cannot see, and this finds
// such drops on real code (docs/reliability.md). Nothing in the report changes.
#pragma once

#include <vector>

#include "frontend/UnwalkedCodeLowering.h"

namespace bankcheck::frontend {

// Whether the cross-check was asked for (the environment variable above).
bool crossCheckRequested();

void crossCheckWalkWithLowering(clang::CompilerInstance& ci, clang::ASTContext& ctx, const DeclRecorder& decls,
                                const std::vector<WalkedKernel>& kernels, const ir::TranslationUnit& tu);

}  // namespace bankcheck::frontend
