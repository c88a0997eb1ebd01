// Builds a kernel instance's synchronization event program (ir/SyncEvents.h): the cp.async
// issues, commits, waits and barriers in its body and in the device functions it calls (followed
// as the walker inlines them), with the shared reads and writes the walker recorded placed
// between them, inside the kernel's loops and branches.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "ir/Module.h"
#include "llvm/ADT/DenseMap.h"

namespace bankcheck::frontend {

// A library function whose every call synchronizes the block (the prelude's CUB collectives,
// marked __BC_SYNCS_BLOCK: BlockReduce::Sum has a __syncthreads() between its TempStorage writes
// and reads). A call of it is one barrier event; accesses the walker records inside it are left
// out of the event program (ir::Access::insideSynchronizingCall).
bool synchronizesBlock(const clang::FunctionDecl* fn);

// One translation unit's extraction. What does not depend on the instance is found once for all
// of them: each instance's accesses, and which device functions can add no event.
class SyncEventExtractor {
 public:
  // Construct after the walker recorded every instance's accesses (they are referenced by id).
  SyncEventExtractor(clang::ASTContext& ctx, ir::TranslationUnit& tu);
  // Call after the instance's launch arguments are bound.
  void extract(int instance, const clang::FunctionDecl* kernel);

 private:
  clang::ASTContext& ctx_;
  ir::TranslationUnit& tu_;
  std::vector<std::vector<int>> accessesOf_;                    // by instance, in order
  llvm::DenseMap<const clang::FunctionDecl*, bool> eventFree_;  // Extractor::eventFree
};

}  // namespace bankcheck::frontend
