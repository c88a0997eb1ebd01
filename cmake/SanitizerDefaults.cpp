// Linked into every executable of a -DBANKCHECK_SANITIZE=ON build: the defaults the sanitizers
// run the test suite with, so a plain `ctest` in that tree checks the same way CI does.
// Leak checking is off: the front end deliberately leaves each file's AST to process exit
// (FrontendOptions::leakAstAtExit), which LeakSanitizer would report on every run.
extern "C" const char* __asan_default_options() { return "detect_leaks=0:abort_on_error=0:detect_stack_use_after_return=0"; }
extern "C" const char* __ubsan_default_options() { return "print_stacktrace=1:halt_on_error=1"; }
