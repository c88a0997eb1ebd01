// The static shared memory of a kernel: the `__shared__` variables of known size declared or named
// in its body or in any function it calls. Where the block's memory starts follows from them
// (measured on the H200, docs/hardware-model.md "Where arrays start"): the first array at 0x400,
// after the reserved kilobyte, so with no static memory the dynamic memory starts there, and with
// a single static variable that variable does; swizzles written on the address rely on it.
#pragma once

#include <cstdint>

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

// The shared memory each block reserves before its own, where its first array starts (0x400,
// measured on the H200: cudaDevAttrReservedSharedMemoryPerBlock).
inline constexpr int64_t kReservedSharedBytes = 1024;

struct StaticSharedVariables {
  llvm::SmallPtrSet<const clang::VarDecl*, 4> variables;
  bool complete = true;  // false when a call's target is not known (through a pointer): its code is not seen

  // Collects those of `kernel` and of every function it calls.
  static StaticSharedVariables of(const clang::FunctionDecl* kernel);
  bool none() const { return complete && variables.empty(); }
  bool onlyOne(const clang::VarDecl* v) const { return complete && variables.size() == 1 && variables.count(v); }
};

}  // namespace bankcheck::frontend
