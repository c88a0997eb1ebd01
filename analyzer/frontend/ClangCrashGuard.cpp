#include "frontend/ClangCrashGuard.h"

#include <csignal>
#include <memory>
#include <mutex>

#include "clang/Basic/Stack.h"
#include "llvm/Support/CrashRecoveryContext.h"

namespace bankcheck::frontend {

namespace {

// A stack overflow raises SIGSEGV on a stack that has no room left for the handler; the
// handler can only run if the signal is taken on an alternate stack, which is per thread.
constexpr size_t kAltStackBytes = 256 * 1024;

void enableRecoveryOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    for (int sig : {SIGSEGV, SIGBUS}) {
      struct sigaction action;
      if (sigaction(sig, nullptr, &action) != 0) continue;
      action.sa_flags |= SA_ONSTACK;
      sigaction(sig, &action, nullptr);
    }
  });
}

void ensureAltStackForThisThread() {
  thread_local std::unique_ptr<char[]> altStack;
  if (altStack) return;
  stack_t current;
  if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= kAltStackBytes)
    return;
  altStack = std::make_unique<char[]>(kAltStackBytes);
  stack_t stack{};
  stack.ss_sp = altStack.get();
  stack.ss_size = kAltStackBytes;
  stack.ss_flags = 0;
  sigaltstack(&stack, nullptr);
}

}  // namespace

bool runClangGuarded(llvm::function_ref<void()> parse) {
  enableRecoveryOnce();
  ensureAltStackForThisThread();
  // Lets clang's Sema move deep recursion onto a fresh thread stack instead of overflowing
  // (clang's own driver does this in cc1_main; a libTooling caller must do it itself).
  clang::noteBottomOfStack();
  llvm::CrashRecoveryContext context;
  return context.RunSafely(parse);
}

}  // namespace bankcheck::frontend
