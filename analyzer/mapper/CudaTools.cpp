#include "mapper/CudaTools.h"

#include <cstdlib>
#include <optional>

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace bankcheck::mapper {

std::string findCudaTool(const std::string& name) {
  if (const char* cuda = std::getenv("CUDA_PATH")) {
    llvm::SmallString<256> p(cuda);
    llvm::sys::path::append(p, "bin", name);
    if (llvm::sys::fs::can_execute(p)) return p.str().str();
  }
  const std::string standard = "/usr/local/cuda/bin/" + name;
  if (llvm::sys::fs::can_execute(standard)) return standard;
  if (auto p = llvm::sys::findProgramByName(name)) return *p;
  return "";
}

std::string findNvcc() { return findCudaTool("nvcc"); }

std::string ToolRun::failureWithStderr() const {
  const llvm::StringRef text = llvm::StringRef(err).trim();
  return text.empty() ? failure : failure + ": " + text.str();
}

ToolRun runTool(const std::vector<std::string>& args) {
  ToolRun run;
  llvm::SmallString<128> outPath, errPath;
  llvm::sys::fs::createTemporaryFile("bankcheck", "out", outPath);
  llvm::sys::fs::createTemporaryFile("bankcheck", "err", errPath);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(outPath), llvm::StringRef(errPath)};
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  std::string execError;
  const int rc = llvm::sys::ExecuteAndWait(args.front(), argv, std::nullopt, redirects, 120, 0, &execError);
  if (auto b = llvm::MemoryBuffer::getFile(outPath)) run.out = (*b)->getBuffer().str();
  if (auto b = llvm::MemoryBuffer::getFile(errPath)) run.err = (*b)->getBuffer().str();
  llvm::sys::fs::remove(outPath);
  llvm::sys::fs::remove(errPath);
  run.ok = rc == 0;
  if (!run.ok)
    run.failure = llvm::sys::path::filename(args.front()).str() + " failed (" +
                  (execError.empty() ? "exit code " + std::to_string(rc) : execError) + ")";
  return run;
}

}  // namespace bankcheck::mapper
