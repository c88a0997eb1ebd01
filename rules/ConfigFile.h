// `.bankcheck.yaml`: the checks a project turns on, found like `.clang-tidy` is: the nearest
// one in the directory of the analyzed file or above it.
//
//   Checks: '-*,bankcheck-bank-conflict,bankcheck-static-*'
//   WarningsAsErrors: 'bankcheck-bank-conflict'
//
// The command line's --checks and --warnings-as-errors are applied after the file's (they win).
#pragma once

#include <optional>
#include <string>

namespace bankcheck::rules {

struct CheckConfig {
  std::string path;  // the file it came from; empty when none was found
  std::optional<std::string> checks;
  std::optional<std::string> warningsAsErrors;
};

// The configuration for `sourceFile`: its nearest `.bankcheck.yaml`, or an empty one. On a file
// that cannot be read or parsed, returns nullopt with `error` naming the file and line.
std::optional<CheckConfig> configFor(const std::string& sourceFile, std::string& error);

// Parses the text of one configuration file (`path` is used in messages).
std::optional<CheckConfig> parseConfig(const std::string& text, const std::string& path, std::string& error);

}  // namespace bankcheck::rules
