// Source that nvcc accepts and Clang rejects, made acceptable before Clang reads it. Every change
// keeps each character's line, and its column except on a rewritten #define line, so what
// bankcheck reports (and what --fix edits, which it reads from the file itself) still points at
// the user's text.
//
// What is handled:
// - asm operands with no comma between them (`: "r"(a) "r"(b)`): nvcc's front end takes the
//   second operand as the next one; Clang stops at "expected ')'". A blank before the second
//   operand becomes the comma.
// - `extern __shared__` with every extent given (`extern __shared__ float s[32][32];`): nvcc
//   treats it as a static definition (its warning 20044), Clang rejects it. `extern` becomes
//   blanks; the dynamic buffer (`extern __shared__ float s[];`) stays as written.
// - a register name in an asm with operands written with one `%` (`"mov.u32 %0, %laneid;" : "=r"(x)`):
//   nvcc reads the register, Clang rejects the escape. The `%` is doubled and a blank of the same
//   string that separates nothing (the one after a comma) is dropped, so the line keeps its length.
// - a pragma as an object-like macro's body (`#define CUTE_UNROLL #pragma unroll`, older CuTe and
//   CUTLASS): nvcc applies it where the macro expands, Clang sees a stray `#`. The body becomes
//   `_Pragma("unroll")`; the rest of that #define line moves 3 columns right.
#pragma once

#include <optional>
#include <string>

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace bankcheck::frontend {

// The text with those constructs made acceptable, or nothing when it needs no change.
std::optional<std::string> nvccCompatibleText(llvm::StringRef text);

// `base` with every file it opens passed through nvccCompatibleText.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> nvccCompatibleFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

}  // namespace bankcheck::frontend
