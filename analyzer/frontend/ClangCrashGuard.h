// Runs clang on one file so that a crash or a stack overflow inside clang ends that file with
// an error instead of ending the process (clang-19 has inputs that crash it; bankcheck must not).
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"

namespace bankcheck::frontend {

// Runs `parse` with clang's stack-depth safeguards armed for this thread and with crash
// recovery; returns false when `parse` crashed (its partial results must then be dropped).
bool runClangGuarded(llvm::function_ref<void()> parse);

}  // namespace bankcheck::frontend
