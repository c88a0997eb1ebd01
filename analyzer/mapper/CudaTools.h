// Finding and running the CUDA toolkit's programs (nvcc, ptxas, nvdisasm) for --ptx and --sass.
#pragma once

#include <string>
#include <vector>

namespace bankcheck::mapper {

// Where a CUDA toolkit program is: $CUDA_PATH/bin, /usr/local/cuda/bin, then PATH. Empty when absent.
std::string findCudaTool(const std::string& name);
std::string findNvcc();

struct ToolRun {
  bool ok = false;
  std::string out, err;  // what the program wrote to stdout and stderr
  std::string failure;   // when not ok: "nvcc failed (exit code 1)"
  // `failure` followed by the program's stderr, when it wrote any.
  std::string failureWithStderr() const;
};

// Runs `args` (args[0] is the program), two minutes at most.
ToolRun runTool(const std::vector<std::string>& args);

}  // namespace bankcheck::mapper
