// The clang command line bankcheck parses a file with: CUDA device-side, hermetic (the shipped
// prelude instead of the CUDA toolkit's headers), plus the user's include paths and macros,
// taken from `--` arguments or compile_commands.json (nvcc command lines included).
#pragma once

#include <string>
#include <vector>

#include "frontend/Frontend.h"

namespace bankcheck::frontend {

// Directory under which the prelude's headers appear in the virtual file system.
inline constexpr const char* kPreludeDir = "/__bankcheck__/include";

// Keeps the flags that shape how a file parses (-I, -D, -U, -std, -include, -isystem ...) and
// drops the rest (nvcc's -arch, -O3, --expt-relaxed-constexpr, -o ...), which clang would reject
// or which do not matter for analysis.
std::vector<std::string> filterUserFlags(const std::vector<std::string>& args);

// The user's flags for `path`: from the compilation database under `buildPath` when given
// (`note` says when it has no entry for the file), then those after `--`.
std::vector<std::string> userFlagsFor(const std::string& path, const FrontendOptions& options, std::string& note);

}  // namespace bankcheck::frontend
