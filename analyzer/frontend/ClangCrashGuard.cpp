#include "frontend/ClangCrashGuard.h"

#include <atomic>
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

// This thread's alternate signal stack, installed on first use and uninstalled at thread exit
// (before the memory is freed: a sanitizer runtime unmaps whatever alternate stack it finds).
class ThreadAltStack {
 public:
  ThreadAltStack() {
    if (sigaltstack(nullptr, &previous_) == 0 && !(previous_.ss_flags & SS_DISABLE) &&
        previous_.ss_size >= kAltStackBytes)
      return;  // this thread already has a large enough one
    memory_ = std::make_unique<char[]>(kAltStackBytes);
    stack_t stack{};
    stack.ss_sp = memory_.get();
    stack.ss_size = kAltStackBytes;
    if (sigaltstack(&stack, nullptr) != 0) memory_.reset();
  }
  ~ThreadAltStack() {
    if (memory_) sigaltstack(&previous_, nullptr);
  }

 private:
  stack_t previous_{};
  std::unique_ptr<char[]> memory_;
};

void ensureAltStackForThisThread() { thread_local ThreadAltStack altStack; }

std::atomic<bool> crashRecovered{false};

}  // namespace

bool runClangGuarded(llvm::function_ref<void()> parse) {
  enableRecoveryOnce();
  ensureAltStackForThisThread();
  // Lets clang's Sema move deep recursion onto a fresh thread stack instead of overflowing
  // (clang's own driver does this in cc1_main; a libTooling caller must do it itself).
  clang::noteBottomOfStack();
  llvm::CrashRecoveryContext context;
  if (context.RunSafely(parse)) return true;
  crashRecovered = true;
  return false;
}

bool clangCrashWasRecovered() { return crashRecovered; }

}  // namespace bankcheck::frontend
