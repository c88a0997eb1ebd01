// Whether a kernel has static shared memory: a `__shared__` variable of known size declared or
// named in its body or in any function it calls. Without any, the block's dynamic shared memory
// starts where the window's user memory does (0x400 on the H200, a multiple of 1024: measured,
// docs/hardware-model.md "Where arrays start"), which swizzles written on the address rely on.
#pragma once

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

namespace bankcheck::frontend {

// The shared memory each block reserves before its own, where dynamic memory starts when the
// kernel has no static shared memory (0x400, measured on the H200: cudaDevAttrReservedSharedMemoryPerBlock).
inline constexpr int64_t kReservedSharedBytes = 1024;

class StaticSharedUse {
 public:
  // True when `fn` or a function it calls may declare or name static shared memory; also when a
  // call's target is not known (through a pointer), since that code is not seen.
  bool mayUse(const clang::FunctionDecl* fn);

 private:
  llvm::DenseMap<const clang::FunctionDecl*, bool> memo_;
};

}  // namespace bankcheck::frontend
