// Command-line options (llvm::cl), parsed into one plain struct the CLI passes around.
#pragma once

#include <string>
#include <vector>

#include "frontend/Frontend.h"

namespace bankcheck::cli {

struct Options {
  std::vector<std::string> files;
  frontend::FrontendOptions frontend;
  std::string dump;         // "json" or ""
  std::string format = "text";  // text | json | sarif
  std::string checks;            // --checks globs (after each file's .bankcheck.yaml)
  std::string warningsAsErrors;  // --warnings-as-errors globs
  bool listChecks = false;
  double minWays = 2.0;
  bool explain = false;
  bool ptx = false;
  bool sass = false;         // widths from the cubin's SASS (nvdisasm), else from the PTX
  bool color = false;
  bool advice = true;        // propose fixes under warnings
  bool fix = false;          // apply them
  std::string exportFixes;   // YAML for clang-apply-replacements
  bool strict = false;
  unsigned jobs = 1;
  double timeLimit = 600;    // seconds per file (0: none); past it the run stops with exit 2
  std::string familyPolicy = "all";  // --block-family: how assumed families of block shapes are reported
  bool failOnUnknown = false;        // exit 3 when something was not computed (and no warning)
  // `bankcheck lanes <file.csv>`
  bool lanesCommand = false;
  std::string lanesFile;
};

// Exit statuses (docs/user-guide.md): 2 wins over 1, and 1 over 3.
inline constexpr int kExitClean = 0;
inline constexpr int kExitConflicts = 1;     // a warning (at or above --min-ways) or an error finding
inline constexpr int kExitToolError = 2;
inline constexpr int kExitNotComputed = 3;   // --fail-on-unknown, and something was not computed

// `kernel=32x8[x1]` (also with commas): 1 to 1024 threads in all. False when malformed.
bool parseBlockOverride(const std::string& spec, frontend::BlockOverride& out);

// Adds a --block shape. The same kernel may be given several shapes (each one is analyzed, the
// worst reported); giving the same shape twice adds it once.
void addBlockOverride(std::vector<frontend::BlockOverride>& blocks, const frontend::BlockOverride& o);

// Parses argv (everything after `--` goes to the compiler). Returns false after printing an
// error; `exitCode` says what to exit with.
bool parseOptions(int argc, const char** argv, Options& out, int& exitCode);

}  // namespace bankcheck::cli
