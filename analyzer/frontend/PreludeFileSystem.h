// The virtual file system clang reads through: the real one, with the shipped CUDA prelude
// mounted under kPreludeDir and, on top, any in-memory replacements of source files.
#pragma once

#include <map>
#include <string>

#include "llvm/Support/VirtualFileSystem.h"

namespace bankcheck::frontend {

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makePreludeFileSystem(const std::map<std::string, std::string>& overlay);

// The header force-included into every file (`-include`).
const char* preludeForcedInclude();

}  // namespace bankcheck::frontend
