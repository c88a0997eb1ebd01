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
// Stand-ins for libraries that are not CUDA's (PyTorch's C++ API): searched after every directory
// of the user's, system ones included (-idirafter, last), so a real copy on the include path wins.
inline constexpr const char* kStandInDir = "/__bankcheck__/include/__bankcheck_standins";

// Keeps the flags that shape how a file parses (-I, -D, -U, -std, -include, -isystem ...) and
// drops the rest (nvcc's -arch, -O3, --expt-relaxed-constexpr, -o ...), which clang would reject
// or which do not matter for analysis.
std::vector<std::string> filterUserFlags(const std::vector<std::string>& args);

// The user's flags for `path`: from the compilation database under `buildPath` when given
// (`note` says when it has no entry for the file), then those after `--`.
std::vector<std::string> userFlagsFor(const std::string& path, const FrontendOptions& options, std::string& note);

// Whether `dir` is a CUDA toolkit's own include directory (it holds cuda_runtime_api.h and
// crt/host_defines.h), as CMake adds to every CUDA target's command line.
bool isCudaToolkitIncludeDir(const std::string& dir);

// The user's flags for the parse: `flags` without the include directories of a CUDA toolkit.
// Those hold the headers the prelude replaces (Clang 19 cannot read CUDA 13's), and a -I to them
// would be searched before the prelude's -isystem. Each one dropped is added to `dropped`.
std::vector<std::string> withoutToolkitIncludes(const std::vector<std::string>& flags, std::vector<std::string>& dropped);

}  // namespace bankcheck::frontend
