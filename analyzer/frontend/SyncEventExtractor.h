// Builds a kernel instance's synchronization event program (ir/SyncEvents.h): the cp.async
// issues, commits, waits and barriers in its body and in the device functions it calls (followed
// as the walker inlines them), with the shared reads and writes the walker recorded placed
// between them, inside the kernel's loops and branches.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "ir/Module.h"
#include "llvm/ADT/ArrayRef.h"

namespace bankcheck::frontend {

// Call after the walker recorded the instance's accesses (they are referenced by id) and after
// its launch arguments are bound. `accesses`: the ids of the instance's accesses, in order.
void extractSyncEvents(clang::ASTContext& ctx, ir::TranslationUnit& tu, int instance, const clang::FunctionDecl* kernel,
                       llvm::ArrayRef<int> accesses);

}  // namespace bankcheck::frontend
