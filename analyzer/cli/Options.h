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
  std::string format = "text";  // text | json
  double minWays = 2.0;
  bool explain = false;
  bool ptx = false;
  bool color = false;
  bool advice = true;        // propose fixes under warnings
  bool fix = false;          // apply them
  std::string exportFixes;   // YAML for clang-apply-replacements
  bool strict = false;
  unsigned jobs = 1;
  // `bankcheck lanes <file.csv>`
  bool lanesCommand = false;
  std::string lanesFile;
};

// Parses argv (everything after `--` goes to the compiler). Returns false after printing an
// error; `exitCode` says what to exit with.
bool parseOptions(int argc, const char** argv, Options& out, int& exitCode);

}  // namespace bankcheck::cli
