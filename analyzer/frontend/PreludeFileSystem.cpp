#include "frontend/PreludeFileSystem.h"

#include "frontend/CompilerArgs.h"
#include "frontend/NvccCompatibleSource.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "prelude/EmbeddedPrelude.h"

namespace bankcheck::frontend {

const char* preludeForcedInclude() { return prelude::forcedIncludeName(); }

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makePreludeFileSystem(const std::map<std::string, std::string>& overlay) {
  // The user's files as nvcc would take them (NvccCompatibleSource.h); the prelude's as written.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> fs(
      new llvm::vfs::OverlayFileSystem(nvccCompatibleFileSystem(llvm::vfs::getRealFileSystem())));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> mem(new llvm::vfs::InMemoryFileSystem());
  for (const prelude::EmbeddedHeader& h : prelude::embeddedHeaders()) {
    llvm::SmallString<128> p(kPreludeDir);
    llvm::sys::path::append(p, h.path);
    mem->addFile(p, 0, llvm::MemoryBuffer::getMemBuffer(h.contents, p, /*RequiresNullTerminator=*/true));
  }
  for (const auto& [path, contents] : overlay) {
    llvm::SmallString<256> abs(path);
    llvm::sys::fs::make_absolute(abs);
    const std::optional<std::string> compatible = nvccCompatibleText(contents);
    mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(compatible ? *compatible : contents, abs));
  }
  fs->pushOverlay(mem);
  // Relative paths must resolve the same way in every layer.
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd)) fs->setCurrentWorkingDirectory(cwd);
  return fs;
}

}  // namespace bankcheck::frontend
