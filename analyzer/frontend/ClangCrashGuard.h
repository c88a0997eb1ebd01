// Runs clang on one file so that a crash or a stack overflow inside clang ends that file with
// an error instead of ending the process (clang-19 has inputs that crash it; bankcheck must not).
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"

namespace bankcheck::frontend {

// Runs `parse` with clang's stack-depth safeguards armed for this thread and with crash
// recovery; returns false when `parse` crashed (its partial results must then be dropped).
bool runClangGuarded(llvm::function_ref<void()> parse);

// True once any runClangGuarded call in this process recovered from a crash. The crash unwound
// clang's frames without their destructors, so clang and LLVM globals may hold dangling state
// (clang's `__debug crash` pragma leaves a stack Timer in LLVM's global timer list, and
// llvm_shutdown then loops on it): such a process must end without global teardown.
bool clangCrashWasRecovered();

}  // namespace bankcheck::frontend
